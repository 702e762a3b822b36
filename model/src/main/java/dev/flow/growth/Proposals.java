package dev.flow.growth;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.flow.model.Command;
import dev.flow.model.Edge;
import dev.flow.model.EdgeIds;
import dev.flow.model.Growth;
import dev.flow.model.KvRef;
import dev.flow.model.NameRef;
import dev.flow.model.Node;
import dev.flow.model.NodeSpec;
import dev.flow.model.OutputDecl;
import dev.flow.model.RetryPolicy;
import dev.flow.model.SourceRef;
import dev.flow.model.WaitMode;
import dev.flow.model.Workflow;
import dev.flow.model.json.GraphFormatException;
import dev.flow.model.json.GraphJson;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Reads what a planner's answer proposes to add, in either of two forms, into model nodes and edges
 * whose positions point into the answer:
 * <ul>
 *   <li>seed 003's {@code "next": {"addNodes": [{"id", "title", "prompt", "dependsOn", "agent",
 *       "role", "inputs", ...}]}}: each node a task (an agent's, or a {@code command} or a {@code gate}
 *       node), each {@code dependsOn} entry an edge from that node;
 *   <li>Flow's own, {@code "grow": {"nodes": [...], "edges": [...]}}, each element as a compiled graph
 *       holds it ({@code docs/graph-format.md}).
 * </ul>
 * A task that names neither agent nor role runs with the planner's agent (or, when the planner has
 * none, its role). Whether the result makes sense (unknown names, cycles, duplicates) is the
 * checker's to say once it is joined to the graph; this only reads.
 */
public final class Proposals {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** The keys of a node in seed 003's form; those after {@code status} are the seed's and mean nothing to Flow. */
    private static final List<String> SEED_KEYS = List.of("id", "title", "description", "prompt", "dependsOn", "agent", "runner", "role",
            "type", "planner", "inputs", "acceptance", "verify", "retryPolicy", "command", "gate", "outputs", "status", "parent_id", "parentId",
            "ownership");

    private final String planner;
    private final Node plannerNode;
    private final Workflow workflow;
    private final AnswerPositions at;
    private final List<Node> nodes = new ArrayList<>();
    private final List<Edge> edges = new ArrayList<>();
    private final List<String> problems = new ArrayList<>();
    private final EdgeIds edgeIds = new EdgeIds();

    private Proposals(Workflow workflow, Node planner, String text) {
        this.workflow = workflow;
        this.plannerNode = planner;
        this.planner = planner.id();
        this.at = AnswerPositions.of(text);
        workflow.edges().forEach(e -> edgeIds.reserve(e.id()));
    }

    /** What {@code answer} (the JSON object the planner answered with) proposes to add to {@code workflow}. */
    public static Proposal read(String answer, Workflow workflow, Node planner) {
        var p = new Proposals(workflow, planner, answer);
        JsonNode root;
        try {
            root = JSON.readTree(answer);
        } catch (IOException e) {
            return new Proposal(List.of(), List.of(), List.of("the answer is not JSON: " + e.getMessage()));
        }
        p.readSeedForm(root.path("next"));
        p.readOwnForm(root.get("grow"));
        p.checkDependencies();
        return new Proposal(p.nodes, p.edges, p.problems);
    }

    // ------------------------------------------------------------------ seed 003: next.addNodes

    private void readSeedForm(JsonNode next) {
        if (!next.has("addNodes")) {
            return;
        }
        JsonNode list = next.get("addNodes");
        if (!list.isArray()) {
            problem("/next/addNodes", "\"addNodes\" must be a list of nodes");
            return;
        }
        for (int i = 0; i < list.size(); i++) {
            String pointer = "/next/addNodes/" + i;
            JsonNode n = list.get(i);
            if (!n.isObject()) {
                problem(pointer, "node " + (i + 1) + " must be an object with an \"id\"");
                continue;
            }
            seedNode(n, pointer);
        }
    }

    private void seedNode(JsonNode n, String pointer) {
        String id = text(n, pointer, "id");
        if (id == null || id.isBlank()) {
            if (!n.has("id")) {
                problem(pointer, "a node without an \"id\": give each node a name no other node has");
            }
            return;
        }
        int before = problems.size();
        n.fieldNames().forEachRemaining(key -> {
            if (!SEED_KEYS.contains(key)) {
                problems.add(where(at.key(pointer + "/" + key)) + "node \"" + id + "\" has an unknown key \"" + key + "\"; a node's keys are "
                        + String.join(", ", SEED_KEYS.subList(0, SEED_KEYS.indexOf("status"))));
            }
        });
        String title = text(n, pointer, "title");
        String description = text(n, pointer, "description");
        String prompt = text(n, pointer, "prompt");
        String agent = text(n, pointer, "agent");
        String runner = text(n, pointer, "runner");
        String role = text(n, pointer, "role");
        String gate = text(n, pointer, "gate");
        String type = text(n, pointer, "type");
        List<String> command = texts(n, pointer, "command");
        List<String> outputs = texts(n, pointer, "outputs");
        List<String> acceptance = texts(n, pointer, "acceptance");
        List<String> verify = texts(n, pointer, "verify");
        List<String> dependsOn = texts(n, pointer, "dependsOn");
        List<KvRef> inputs = inputs(n, pointer);
        RetryPolicy retry = retry(n, pointer);
        boolean isPlanner = "plan".equals(type) || n.path("planner").asBoolean(false);
        if (n.has("planner") && !n.get("planner").isBoolean()) {
            problem(pointer + "/planner", "\"planner\" of node \"" + id + "\" must be true or false");
        }
        if (problems.size() > before) {
            return;
        }
        SourceRef source = at.value(pointer);
        NodeSpec spec;
        if (gate != null) {
            spec = new NodeSpec.Gate(new NameRef(gate, at.value(pointer + "/gate")));
        } else if (command != null) {
            spec = NodeSpec.Task.builder()
                    .call(c -> c.role(role).inputs(inputs))
                    .command(new Command.Argv(command, at.value(pointer + "/command")))
                    .execution(e -> e.isolation(plannersIsolation()))
                    .build();
        } else {
            String who = agent != null ? agent : runner;
            String pointerOfAgent = pointer + (agent != null ? "/agent" : "/runner");
            NameRef agentRef = who != null ? new NameRef(who, at.value(pointerOfAgent)) : role == null ? plannersAgent() : null;
            String ownRole = who == null && role == null && agentRef == null ? plannersRole() : role;
            String composed = composePrompt(id, prompt, title, description, acceptance, verify);
            spec = NodeSpec.Task.builder()
                    .call(c -> c.agent(agentRef).role(ownRole).prompt(composed).inputs(inputs))
                    .execution(e -> e.isolation(plannersIsolation()))
                    .steering(s -> s.planner(isPlanner ? Growth.DEFAULTS : null))
                    .build();
        }
        if (spec instanceof NodeSpec.Task t) {
            spec = heldByPlanner(t, id);
        }
        List<OutputDecl> declared = outputs == null ? List.of()
                : outputs.stream().map(o -> new OutputDecl(o, null, at.value(pointer + "/outputs"))).toList();
        WaitMode wait = dependsOn != null && dependsOn.size() > 1 ? WaitMode.ALL : null;
        nodes.add(Node.builder().id(id).label(title).description(description).spec(spec).outputs(declared).retry(retry).waitForIncoming(wait)
                .source(source).build());
        if (dependsOn != null) {
            for (int j = 0; j < dependsOn.size(); j++) {
                SourceRef entry = at.value(pointer + "/dependsOn/" + j);
                String from = dependsOn.get(j);
                edges.add(new Edge(edgeIds.next(from, id), new NameRef(from, entry), new NameRef(id, source), null, null, false, List.of(), entry));
            }
        }
    }

    /** Seed 003's nodes run isolated when their planner does (or the workflow's default says so). */
    private dev.flow.model.Isolation plannersIsolation() {
        return plannerNode.spec() instanceof NodeSpec.Task t && t.execution().isolation() == dev.flow.model.Isolation.WORKTREE ? t.execution().isolation()
                : workflow.config().isolation();
    }

    /**
     * Seed 003's node as a task that runs in its planner's sandbox when its own (its agent's, the
     * workflow's) would be weaker: an added command runs sandboxed when its planner's agent is.
     */
    private NodeSpec.Task heldByPlanner(NodeSpec.Task t, String id) {
        dev.flow.model.Sandbox held = dev.flow.model.Sandbox.of(workflow, plannerNode);
        Node probe = Node.of(id, t, null);
        if (GrowthPolicy.weaker(dev.flow.model.Sandbox.of(workflow, probe), held) == null) {
            return t;
        }
        return t.toBuilder().execution(e -> e.sandbox(held)).build();
    }

    private NameRef plannersAgent() {
        return plannerNode.spec() instanceof NodeSpec.Task t && t.call().agent() != null ? NameRef.of(t.call().agent().name()) : null;
    }

    private String plannersRole() {
        return plannerNode.spec() instanceof NodeSpec.Task t ? t.call().role() : null;
    }

    /** The prompt as written, or one made of the title, description, acceptance criteria and checks. */
    private static String composePrompt(String id, String prompt, String title, String description, List<String> acceptance,
            List<String> verify) {
        var text = new StringBuilder();
        if (prompt != null) {
            text.append(prompt);
        } else {
            text.append(title != null ? title : id);
            if (description != null) {
                text.append("\n\n").append(description);
            }
        }
        list(text, "Done when", acceptance);
        list(text, "Check with", verify);
        // a literal ${ in an agent's text is not a placeholder of Flow's
        return text.toString().replace("${", "$${");
    }

    private static void list(StringBuilder text, String heading, List<String> items) {
        if (items != null && !items.isEmpty()) {
            text.append("\n\n").append(heading).append(":");
            items.forEach(i -> text.append("\n- ").append(i));
        }
    }

    /**
     * The {@code inputs} refs ({@code {nodeId, key, as}}) as the task's {@code inputs}: checked like
     * the language's (an unknown node is FLOW201 in the planner's feedback) and rendered into the
     * prompt when the task runs; {@code "nodeId": "run"} reads the run-wide keys.
     */
    private List<KvRef> inputs(JsonNode n, String pointer) {
        JsonNode list = n.get("inputs");
        if (list == null || list.isNull()) {
            return List.of();
        }
        if (!list.isArray()) {
            problem(pointer + "/inputs", "\"inputs\" must be a list of {\"nodeId\": ..., \"key\": ..., \"as\": ...}");
            return List.of();
        }
        var refs = new ArrayList<KvRef>();
        for (int i = 0; i < list.size(); i++) {
            JsonNode ref = list.get(i);
            String where = pointer + "/inputs/" + i;
            String node = ref.path("nodeId").asText(ref.path("node").asText(null));
            String key = ref.path("key").asText(null);
            if (!ref.isObject() || node == null || key == null) {
                problem(where, "each input names a \"nodeId\" and a \"key\"");
                continue;
            }
            String nodePointer = where + (ref.has("nodeId") ? "/nodeId" : "/node");
            refs.add(new KvRef(new NameRef(node, at.value(nodePointer)), key, ref.path("as").asText(null), at.value(where)));
        }
        return refs;
    }

    private RetryPolicy retry(JsonNode n, String pointer) {
        JsonNode policy = n.get("retryPolicy");
        if (policy == null || policy.isNull()) {
            return null;
        }
        JsonNode max = policy.get("maxAttempts");
        if (!policy.isObject() || max == null || !max.canConvertToInt() || max.asInt() < 1) {
            problem(pointer + "/retryPolicy", "\"retryPolicy\" is {\"maxAttempts\": N} with N at least 1");
            return null;
        }
        return RetryPolicy.times(max.asInt() - 1, at.value(pointer + "/retryPolicy"));
    }

    // ------------------------------------------------------------------ Flow's own: grow.nodes, grow.edges

    private void readOwnForm(JsonNode grow) {
        if (grow == null || grow.isNull()) {
            return;
        }
        if (!grow.isObject()) {
            problem("/grow", "\"grow\" must be an object with \"nodes\" and \"edges\"");
            return;
        }
        grow.fieldNames().forEachRemaining(key -> {
            if (!key.equals("nodes") && !key.equals("edges")) {
                problems.add(where(at.key("/grow/" + key)) + "\"grow\" has an unknown key \"" + key + "\"; it holds \"nodes\" and \"edges\"");
            }
        });
        JsonNode list = grow.path("nodes");
        for (int i = 0; list.isArray() && i < list.size(); i++) {
            String pointer = "/grow/nodes/" + i;
            try {
                Node n = GraphJson.readNode(list.get(i));
                nodes.add(n.toBuilder().source(at.value(pointer)).build());
            } catch (GraphFormatException e) {
                problem(pointer, "node " + (i + 1) + " cannot be read: " + e.getMessage());
            }
        }
        JsonNode edgeList = grow.path("edges");
        for (int i = 0; edgeList.isArray() && i < edgeList.size(); i++) {
            String pointer = "/grow/edges/" + i;
            JsonNode e = edgeList.get(i);
            if (e.isObject() && !e.has("id")) {
                ((ObjectNode) e).put("id", edgeIds.next(e.path("from").path("name").asText("?"), e.path("to").path("name").asText("?")));
            }
            try {
                Edge read = GraphJson.readEdge(e);
                edges.add(new Edge(read.id(), new NameRef(read.from().name(), at.value(pointer + "/from/name")),
                        new NameRef(read.to().name(), at.value(pointer + "/to/name")), read.condition(), read.loop(), read.onLimitReached(),
                        read.dataMapping(), at.value(pointer)));
            } catch (GraphFormatException ex) {
                problem(pointer, "edge " + (i + 1) + " cannot be read: " + ex.getMessage());
            }
        }
        if (grow.has("nodes") && !list.isArray() || grow.has("edges") && !edgeList.isArray()) {
            problem("/grow", "\"nodes\" and \"edges\" of \"grow\" are lists");
        }
    }

    // ------------------------------------------------------------------ both

    /**
     * Edges may join the nodes of the answer, leave the planner, or lead to {@code end}; a node that
     * is in the workflow already is not for an answer to wire (its edges were decided long ago). A
     * name that is nowhere is left for the checker, which says which node it may mean.
     */
    private void checkDependencies() {
        Set<String> added = new HashSet<>();
        nodes.forEach(n -> added.add(n.id()));
        Set<String> existing = new LinkedHashSet<>();
        workflow.nodes().forEach(n -> existing.add(n.id()));
        for (Edge e : edges) {
            String from = e.from().name();
            String to = e.to().name();
            if (!added.contains(from) && !from.equals(planner) && existing.contains(from)) {
                problems.add(where(e.from().source()) + "\"" + to + "\" depends on \"" + from + "\", which is not part of this answer: a node you"
                        + " add runs after \"" + planner + "\" and may depend only on nodes of the same answer (what \"" + from
                        + "\" produced can be read anyway)");
            }
            if (!added.contains(to) && !to.equals(Node.END_ID) && existing.contains(to)) {
                problems.add(where(e.to().source()) + "an edge of the answer leads to \"" + to + "\", which is not part of this answer: edges"
                        + " you add join the nodes you add (or lead to \"end\"); Flow joins them to the rest of the graph");
            }
        }
    }

    private String text(JsonNode n, String pointer, String key) {
        JsonNode v = n.get(key);
        if (v == null || v.isNull()) {
            return null;
        }
        if (!v.isTextual()) {
            problem(pointer + "/" + key, "\"" + key + "\" must be a string, not " + v.getNodeType().toString().toLowerCase(Locale.ROOT));
            return null;
        }
        return v.asText();
    }

    private List<String> texts(JsonNode n, String pointer, String key) {
        JsonNode v = n.get(key);
        if (v == null || v.isNull()) {
            return null;
        }
        if (!v.isArray()) {
            problem(pointer + "/" + key, "\"" + key + "\" must be a list of strings");
            return null;
        }
        var out = new ArrayList<String>();
        for (int i = 0; i < v.size(); i++) {
            if (!v.get(i).isTextual()) {
                problem(pointer + "/" + key + "/" + i, "\"" + key + "\" must be a list of strings");
                return null;
            }
            out.add(v.get(i).asText());
        }
        return out;
    }

    private void problem(String pointer, String message) {
        problems.add(where(at.value(pointer)) + message);
    }

    private static String where(SourceRef ref) {
        String w = AnswerPositions.describe(ref);
        return w.isEmpty() ? "" : w + ": ";
    }
}
