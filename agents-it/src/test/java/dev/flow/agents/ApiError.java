package dev.flow.agents;

/**
 * An API's answer to a {@link Step.Failure}: its HTTP status, the error's type (or status name), a
 * code where the API has one (null otherwise), and the message the real API gives.
 */
record ApiError(int status, String type, String code, String message) {
}
