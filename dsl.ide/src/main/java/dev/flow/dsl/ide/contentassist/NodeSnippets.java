package dev.flow.dsl.ide.contentassist;

import java.util.Map;

/**
 * A template for each kind of node, offered where a node may be declared, with tab stops
 * ({@code ${1:name}}) in LSP snippet syntax.
 */
final class NodeSnippets {
    private NodeSnippets() {}

    /** By the keyword that starts the declaration: the snippet and what it is for. */
    static final Map<String, Snippet> BY_KEYWORD = Map.of(
            "task", new Snippet("task ${1:name} {\n\tagent ${2:claude}\n\tprompt \"${3:What to do}\"\n\toutputs ${4:done}\n}$0",
                    "a task an agent carries out"),
            "gate", new Snippet("gate ${1:name} uses ${2:gate}$0", "a gate node that runs a gate definition"),
            "branch", new Snippet("branch ${1:name} {\n\tif ${2:condition}\n\tthen ${3:yes}\n\telse ${4:no}\n}$0",
                    "a decision between two successors"),
            "parallel", new Snippet("parallel ${1:name} {\n\tbranches ${2:a}, ${3:b}\n}$0", "starts several branches at once"),
            "merge", new Snippet("merge ${1:name} {\n\twait ${2|all,any,first|}\n\tstrategy ${3|union,intersection,first|}\n}$0",
                    "joins branches"),
            "subgraph", new Snippet("subgraph ${1:name} runs ${2:workflow} {\n\twith { ${3:input} = ${4:value} }\n}$0",
                    "runs another workflow"),
            "human", new Snippet("human ${1:name} {\n\tprompt \"${2:Question}\"\n\toutputs ${3:approved}, ${4:rejected}\n}$0",
                    "asks a person"),
            "checkpoint", new Snippet("checkpoint ${1:name}$0", "records the run's state"),
            "supervisor", new Snippet("supervisor ${1:name} {\n\tagent ${2:claude}\n\tprompt \"${3:What to achieve}\"\n\tparticipants ${4:a}, ${5:b}\n"
                    + "\task ${6:person}\n\tmax rounds ${7:12}\n}$0", "an agent that decides which participant works next"));

    record Snippet(String body, String description) {}
}
