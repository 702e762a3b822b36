package dev.flow.model;

import java.util.Locale;

/** How serious a gate failure or a diagnostic is. */
public enum Severity {
    ERROR,
    WARNING,
    INFO;

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
