package dev.flow.engine;

/**
 * What {@link Engine#cancel} did.
 *
 * @param executionId the execution cancelled (the top of its tree)
 * @param workflowId its workflow
 * @param nodesStopped nodes that were ready, running or waiting and were cancelled, in it and its children
 * @param childrenCancelled child executions (subgraph runs) cancelled with it
 * @param report the report the execution now has
 * @param processesStopped processes of its running nodes on this machine that no worker of this
 *     process held (their driver died, or runs in another process) and were killed by the cancel
 */
public record CancelResult(String executionId, String workflowId, int nodesStopped, int childrenCancelled, String report, int processesStopped) {}
