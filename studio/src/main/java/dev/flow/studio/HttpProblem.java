package dev.flow.studio;

/** A request the studio refuses, with the HTTP status and the message the page shows. */
final class HttpProblem extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final int status;

    HttpProblem(int status, String message) {
        super(message);
        this.status = status;
    }

    int status() {
        return status;
    }
}
