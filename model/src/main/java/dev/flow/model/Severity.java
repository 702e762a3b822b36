package dev.flow.model;

/** How serious a gate failure or a diagnostic is. */
public enum Severity {
    ERROR,
    WARNING,
    INFO;

    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
