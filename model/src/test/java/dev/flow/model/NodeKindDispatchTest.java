package dev.flow.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Where a new kind of node goes. Every place in Flow's main code that does something per kind of
 * node is a {@link NodeSpec.Visitor} (or, where it has only the kind, a {@code switch} expression
 * over {@link NodeKind} without a {@code default}): a new kind, that is a new record in {@link
 * NodeSpec}, a new {@link NodeKind} and a new {@link NodeSpec.Visitor} method, then fails to
 * compile at each of the places listed here until each says what the kind does there.
 *
 * <p>What the compiler cannot check, because it is keyed on words rather than on {@code NodeSpec}:
 * the language (the grammar {@code dsl/.../Flow.xtext} and what reads its node rules: {@code
 * NodeCompiler.spec}, {@code Outputs.kindOf}, {@code Isolations}, the editor's {@code NodeSnippets}
 * and {@code SymbolGroup}), the YAML dialects' type tables ({@code SupervisorKind}, {@code
 * GraphLoopKind}), the TextMate grammar of the VS Code extension, and the docs ({@code
 * docs/language.md}, {@code docs/graph-format.md}). The JSON form needs no change: it registers
 * every record {@link NodeSpec} permits under its kind's keyword.
 *
 * <p>The lists are checked against the sources of every module, so that a place added or removed
 * there shows here; update them with it. A place is named by its module and class, which stay the
 * same when a class moves to another package.
 */
class NodeKindDispatchTest {

    /** The {@link NodeSpec.Visitor} implementations in each file, and what each decides per kind. */
    private static final Map<String, List<String>> VISITORS = new TreeMap<>(Map.ofEntries(
            Map.entry("model: Node", List.of(
                    "where a node does its work (isolation)",
                    "the agent a node names (a task's, a merge's)")),
            Map.entry("model: ResultFields", List.of(
                    "the fields of each kind's result",
                    "which kinds have a text result")),
            Map.entry("model: Escalations", List.of(
                    "which nodes can fail for good",
                    "which nodes can handle an escalation")),
            Map.entry("model: Sandbox", List.of(
                    "the process whose sandbox counts")),
            Map.entry("model: EdgeLabels", List.of(
                    "what a node runs, in the graph picture")),
            Map.entry("model: SupervisionWiring", List.of(
                    "who may take part under a supervisor")),
            Map.entry("model: TypeRules", List.of(
                    "the templates each kind fills (FLOW407, FLOW408)")),
            Map.entry("model: StructureRules", List.of(
                    "what each kind cannot do without (FLOW105)")),
            Map.entry("model: ReferenceRules", List.of(
                    "the nodes a spec names (FLOW201)",
                    "the gates a node runs (FLOW202)",
                    "the agent a node names (FLOW203)")),
            Map.entry("model: RetryRules", List.of(
                    "why a retry never happens (FLOW507)")),
            Map.entry("model: ExprSites", List.of(
                    "the expressions in a spec")),
            Map.entry("dsl: NodePrinter", List.of(
                    "what follows a node's name in its header",
                    "whether a kind has a wait mode of its own",
                    "the lines of each kind's spec")),
            Map.entry("runtime: Entering", List.of(
                    "what happens when a node is entered")),
            Map.entry("runtime: Claims", List.of(
                    "the prompt of a node that runs an agent")),
            Map.entry("runtime: TextResult", List.of(
                    "the text result of each kind")),
            Map.entry("runtime: Feedback", List.of(
                    "whether a node's work is an agent's")),
            Map.entry("runtime: Microcalls", List.of(
                    "the agent a node runs itself")),
            Map.entry("runtime: RunGraph", List.of(
                    "what needs a slot of max parallel",
                    "what counts as work for max executions",
                    "which outputs mean the node failed")),
            Map.entry("runtime: StandardExecutor", List.of(
                    "how a claimed node's work runs"))));

    /** The exhaustive switches over {@link NodeKind} (no {@code default}), by file, for what is decided from the kind alone. */
    private static final Map<String, List<String>> KIND_SWITCHES = new TreeMap<>(Map.ofEntries(
            Map.entry("model: NodeKind", List.of(
                    "which kinds are control kinds")),
            Map.entry("model: Node", List.of(
                    "the default outputs of each kind")),
            Map.entry("model: ResultFields", List.of(
                    "which kinds have open results")),
            Map.entry("model: DotRenderer", List.of(
                    "each kind's shape in DOT")),
            Map.entry("model: MermaidRenderer", List.of(
                    "each kind's shape in Mermaid"))));

    private static final Set<String> KIND_NAMES = Arrays.stream(NodeKind.values()).map(Enum::name).collect(Collectors.toSet());
    private static final Pattern VISITOR = Pattern.compile("(new|implements) NodeSpec\\.Visitor<");
    private static final Pattern KIND_SWITCH = Pattern.compile("switch \\((kind|this|[\\w.()]+\\.kind\\(\\))\\) \\{");
    private static final Pattern CASE = Pattern.compile("^\\s*case ([A-Z_, ]+?)\\s*(->|:)", Pattern.MULTILINE);
    private static final Pattern IF = Pattern.compile("^(\\s*)(} else )?if \\((.*)$");

    @Test
    void everyKindIsARecordOfTheSameNameWithItsOwnVisitorMethod() {
        var records = List.of(NodeSpec.class.getPermittedSubclasses());
        assertThat(records.stream().map(c -> NodeKind.fromKeyword(c.getSimpleName())))
                .as("each record of NodeSpec is the kind of the same name, and each kind has one")
                .containsExactlyInAnyOrder(NodeKind.values());
        List<Class<?>> visited = Arrays.stream(NodeSpec.Visitor.class.getDeclaredMethods())
                .filter(m -> !m.isSynthetic())
                .map(Method::getParameterTypes)
                .peek(types -> assertThat(types).hasSize(1))
                .<Class<?>>map(types -> types[0])
                .toList();
        assertThat(visited).as("one visitor method per kind").containsExactlyInAnyOrderElementsOf(records);
    }

    @Test
    void theVisitorsAreTheseAndNoOthers() {
        assertThat(countsIn(sources(), VISITOR)).isEqualTo(counts(VISITORS));
    }

    @Test
    void theSwitchesOverAKindAreExpressionsWithoutADefaultAndTheseAndNoOthers() {
        var found = new TreeMap<String, Integer>();
        for (var source : sources().entrySet()) {
            String text = source.getValue();
            Matcher m = KIND_SWITCH.matcher(text);
            while (m.find()) {
                String body = block(text, m.end() - 1);
                List<String> labels = CASE.matcher(body).results()
                        .flatMap(c -> Arrays.stream(c.group(1).split(",")).map(String::strip)).toList();
                if (labels.isEmpty() || !KIND_NAMES.containsAll(labels)) {
                    continue; // a switch over another kind of thing: events, tokens, requests
                }
                String where = source.getKey() + ": " + text.substring(text.lastIndexOf('\n', m.start()) + 1, m.end()).strip();
                assertThat(body).as(where + " has no default, so that javac checks it covers every kind").doesNotContain("default");
                assertThat(text.substring(text.lastIndexOf('\n', m.start()) + 1, m.start()))
                        .as(where + " is an expression (a switch statement need not cover every kind)").containsAnyOf("return ", "= ");
                found.merge(source.getKey(), 1, Integer::sum);
            }
        }
        assertThat(found).isEqualTo(counts(KIND_SWITCHES));
    }

    @Test
    void noPlaceDispatchesOnKindsWithInstanceofChainsOrCasts() {
        var chains = new ArrayList<String>();
        for (var source : sources().entrySet()) {
            String[] lines = source.getValue().split("\n");
            var kindTests = new HashMap<String, Integer>(); // per indentation: the kind tests of the chain open there
            for (int i = 0; i < lines.length; i++) {
                Matcher m = IF.matcher(lines[i]);
                if (m.matches()) {
                    int before = m.group(2) == null ? 0 : kindTests.getOrDefault(m.group(1), 0);
                    int now = before + (m.group(3).contains("instanceof NodeSpec.") ? 1 : 0);
                    kindTests.put(m.group(1), now);
                    if (now == 2 && before == 1) {
                        chains.add(source.getKey() + ":" + (i + 1) + ": " + lines[i].strip());
                    }
                }
                if (lines[i].contains("((NodeSpec.") || lines[i].split("instanceof NodeSpec\\.", -1).length > 2) {
                    chains.add(source.getKey() + ":" + (i + 1) + ": " + lines[i].strip());
                }
            }
        }
        assertThat(chains).as("if/else-if chains and conditions over two or more kinds, and casts to a kind: use a NodeSpec.Visitor")
                .isEmpty();
    }

    private static Map<String, Integer> counts(Map<String, List<String>> places) {
        var out = new TreeMap<String, Integer>();
        places.forEach((file, what) -> out.put(file, what.size()));
        return out;
    }

    private static Map<String, Integer> countsIn(Map<String, String> sources, Pattern pattern) {
        var out = new TreeMap<String, Integer>();
        sources.forEach((file, text) -> {
            int n = (int) pattern.matcher(text).results().count();
            if (n > 0) {
                out.put(file, n);
            }
        });
        return out;
    }

    /** The text from the brace at {@code open} to its match. */
    private static String block(String text, int open) {
        int depth = 0;
        for (int i = open; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '{') {
                depth++;
            } else if (c == '}' && --depth == 0) {
                return text.substring(open, i + 1);
            }
        }
        return text.substring(open);
    }

    /** The main Java sources of every module, by module and class ({@code "runtime: Entering"}). */
    private static Map<String, String> sources() {
        Path root = repositoryRoot();
        var out = new TreeMap<String, String>();
        try (Stream<Path> modules = Files.list(root)) {
            for (Path module : modules.filter(m -> Files.isDirectory(m.resolve("src/main/java"))).toList()) {
                try (Stream<Path> files = Files.walk(module.resolve("src/main/java"))) {
                    for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                        String name = f.getFileName().toString().replace(".java", "");
                        out.merge(module.getFileName() + ": " + name, Files.readString(f), String::concat);
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    private static Path repositoryRoot() {
        Path dir = Path.of("").toAbsolutePath();
        while (dir != null && !(Files.isDirectory(dir.resolve("model")) && Files.isDirectory(dir.resolve("runtime")))) {
            dir = dir.getParent();
        }
        assertThat(dir).as("the repository's root, above " + Path.of("").toAbsolutePath()).isNotNull();
        return dir;
    }
}
