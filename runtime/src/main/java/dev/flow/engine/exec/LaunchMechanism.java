package dev.flow.engine.exec;

import java.util.Locale;

/**
 * How the JDK starts a process. On Linux its default, {@code POSIX_SPAWN}, execs a helper
 * ({@code jspawnhelper}) that execs the program: two execs a process. {@code VFORK} execs the program
 * directly, which halves the CPU time of starting a {@code true} (bench/README.md, "Process
 * trees"). It was Linux's default up to JDK 11; JDK 25 deprecates it (with a message on standard
 * error) and later JDKs remove it, so Flow asks for it only before 25, and never over a choice made
 * with {@code -Djdk.lang.Process.launchMechanism}.
 */
public final class LaunchMechanism {
    /** The JDK's system property. */
    public static final String PROPERTY = "jdk.lang.Process.launchMechanism";
    /** The first JDK that warns about {@code VFORK}. */
    static final int DEPRECATED_IN = 25;

    private LaunchMechanism() {}

    /**
     * Asks for {@code VFORK} where it is safe to: call it before this JVM starts its first process
     * (the JDK reads the property once).
     */
    public static void preferVfork() {
        String choice = choose(System.getProperty(PROPERTY), Runtime.version().feature(), System.getProperty("os.name", ""));
        if (choice != null) {
            System.setProperty(PROPERTY, choice);
        }
    }

    /** The mechanism to set, or null to leave the JDK's choice (or the user's) alone. */
    static String choose(String current, int javaFeature, String osName) {
        if (current != null || javaFeature >= DEPRECATED_IN || !osName.toLowerCase(Locale.ROOT).contains("linux")) {
            return null;
        }
        return "VFORK";
    }
}
