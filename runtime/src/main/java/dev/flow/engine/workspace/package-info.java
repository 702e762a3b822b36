/**
 * Isolated steps on a real git repository: a worktree per step made from the target's current
 * commit, the step's changes snapshotted as one commit with a {@code Flow-Step} trailer, and that
 * commit applied to the target's checked-out branch once the step's gates passed, exactly once
 * even when the process is killed halfway. Git is driven as a program ({@code git} argv, no shell,
 * a timeout per command), never through a library, so that it behaves exactly as the person's own
 * git does with their configuration and hooks.
 */
package dev.flow.engine.workspace;
