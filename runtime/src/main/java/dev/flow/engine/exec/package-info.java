/**
 * What work nodes do: commands run as real processes from an argv list (a shell line only where the
 * author wrote one), agents fed a filled prompt that answer with a JSON result, gates that pass or
 * fail. Every process gets the {@code FLOW_*} pointers of its run in its environment, its output in
 * artifact files, and on timeout or cancellation its whole process tree is killed. {@link
 * dev.flow.engine.exec.ArtifactPaths} lays out the artifacts folder those files go to, for the rest
 * of the engine too.
 */
package dev.flow.engine.exec;
