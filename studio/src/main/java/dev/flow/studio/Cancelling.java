package dev.flow.studio;

import dev.flow.engine.Engine;

/**
 * The one place the studio cancels a run. Cancelling belongs to the engine ({@code Engine.cancel},
 * which {@code flow cancel} also uses); until that is merged here, the studio says it cannot.
 */
final class Cancelling {
    private Cancelling() {}

    /** Cancels the run {@code executionId} for {@code reason}, and returns what the page shows. */
    static String cancel(Engine engine, String executionId, String reason) {
        engine.execution(executionId); // an unknown execution is refused as such first
        throw new HttpProblem(501, "this flow cannot cancel runs yet (flow cancel arrives with the engine's cancel)");
    }
}
