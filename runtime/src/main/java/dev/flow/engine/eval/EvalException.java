package dev.flow.engine.eval;

/** An expression that cannot be evaluated: an unknown name, operands of the wrong type, division by zero. */
public final class EvalException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public EvalException(String message) {
        super(message);
    }
}
