package dev.flow.cli;

import java.io.PrintWriter;
import picocli.CommandLine.Option;

/** How {@code flow run} and {@code flow resume} show progress: live or plain, coloured or not. */
public final class DisplayOptions {

    @Option(names = "--progress", paramLabel = "auto|live|plain|none", defaultValue = "auto",
            description = "auto (default): a live display when standard output is a terminal, plain lines otherwise; none: only the summary.")
    String progress;

    @Option(names = "--color", paramLabel = "auto|always|never", defaultValue = "auto", converter = ColorMode.Converter.class,
            description = "Colour the output (auto: on a terminal, unless NO_COLOR is set).")
    ColorMode color;

    Ansi ansi() {
        return Ansi.choose(color);
    }

    Progress progress(PrintWriter out, Ansi ansi) {
        return Progress.choose(progress, out, ansi, false);
    }
}
