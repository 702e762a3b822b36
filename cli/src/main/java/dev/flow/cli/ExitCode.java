package dev.flow.cli;

/** The exit codes every verb uses; docs/cli.md lists them. */
public final class ExitCode {
    private ExitCode() {}

    /** Success: no errors; a run completed. */
    public static final int OK = 0;
    /** Errors in the input; a run failed. */
    public static final int FAILED = 1;
    /** Usage or I/O problems: a bad option, a missing file, an unknown execution. */
    public static final int USAGE = 2;
    /** A run paused waiting for a person. */
    public static final int PAUSED = 3;
    /** A run stopped by one of its limits. */
    public static final int LIMIT = 4;
    /** A bug in Flow itself. */
    public static final int INTERNAL = 70;
}
