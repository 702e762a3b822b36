package dev.flow.engine.exec;

import dev.flow.model.Node;
import dev.flow.model.Workflow;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

/**
 * A claimed work node with everything its executor needs, prepared in the claiming transaction.
 *
 * @param baseDir the folder commands run in unless the node sets its own {@code cwd}
 * @param runDir this run's artifact folder: stdout, stderr, the prompt and the context file go here;
 *     null for work done by Java code in the engine's own process
 * @param env the {@code FLOW_*} variables of this run (pointers and values from earlier nodes)
 * @param prompt the filled prompt of an agent; null for commands and gates
 * @param contextJson the run's values as one JSON object (inputs, state, mapped values), also in
 *     {@code FLOW_CONTEXT_FILE}
 * @param timeout how long the process may run
 * @param feedback what was wrong with the previous attempt's answer, for the agent to read at the
 *     end of its prompt; null when the previous attempt did not fail validation
 * @param sessionId the conversation an agent task with {@code session continue} goes on with; null
 *     for a new one
 * @param workflowDir the workflow's folder: {@code baseDir} itself, except for an isolated step,
 *     whose base is in its worktree; a program named by a relative path that is not in the base
 *     folder is looked for here (an agent script beside the workflow)
 * @param promptError why the prompt could not be filled (a dialect 1 template naming a key the
 *     task's input lacks); the node then fails without running anything. Null when it was filled.
 */
public record Job(
        String executionId,
        String nodeId,
        int iteration,
        int attempt,
        Node node,
        Workflow workflow,
        Path baseDir,
        Path runDir,
        Map<String, String> env,
        String prompt,
        String contextJson,
        Duration timeout,
        String feedback,
        String sessionId,
        Path workflowDir,
        String promptError) {

    public Job {
        env = Map.copyOf(env);
        workflowDir = workflowDir == null ? baseDir : workflowDir;
    }

    /** A job whose commands run in the workflow's folder. */
    public Job(String executionId, String nodeId, int iteration, int attempt, Node node, Workflow workflow, Path baseDir, Path runDir,
            Map<String, String> env, String prompt, String contextJson, Duration timeout, String feedback, String sessionId, String promptError) {
        this(executionId, nodeId, iteration, attempt, node, workflow, baseDir, runDir, env, prompt, contextJson, timeout, feedback, sessionId,
                baseDir, promptError);
    }

    /** The same job with its commands run in {@code dir} (an isolated step's folder in its worktree). */
    public Job runningIn(Path dir) {
        return new Job(executionId, nodeId, iteration, attempt, node, workflow, dir, runDir, env, prompt, contextJson, timeout, feedback, sessionId,
                workflowDir, promptError);
    }

    /** A short name for messages: {@code node 'fix' (iteration 2, attempt 1)}. */
    public String describe() {
        return "node \"" + nodeId + "\" (iteration " + iteration + ", attempt " + attempt + ")";
    }
}
