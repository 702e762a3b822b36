package dev.flow.dsl.parser;

import static dev.flow.dsl.FlowTesting.parse;
import static dev.flow.dsl.FlowTesting.root;
import static org.assertj.core.api.Assertions.assertThat;

import dev.flow.dsl.flow.Branch;
import dev.flow.dsl.flow.EdgeStatement;
import dev.flow.dsl.flow.Human;
import dev.flow.dsl.flow.Import;
import dev.flow.dsl.flow.Merge;
import dev.flow.dsl.flow.Parallel;
import dev.flow.dsl.flow.Subgraph;
import dev.flow.dsl.flow.Task;
import dev.flow.dsl.flow.Workflow;
import java.util.stream.Collectors;
import org.eclipse.xtext.EcoreUtil2;
import org.eclipse.xtext.resource.XtextResource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Every construct of the language parses; {@code examples/} and the compiler tests cover what each means. */
class ParserTest {

    static final String EVERYTHING = """
            // A line comment
            /* A block
               comment */
            import "lib/gates.flow"
            import "gates.yaml"

            gate shared { run ["make"] }
            agent helper { sh "helper.sh" }

            workflow everything "Every construct" {
                description "All of it"
                version "1.0"
                max parallel 3
                fail fast
                max executions 100
                max time 2h
                max cost 12.5

                input issue: string "What to do"
                input budget: float = 2.5
                state {
                    attempts: int = 0,
                    notes: list<string> = [],
                    level: enum(low, high) = "low" "severity"
                    verdict: outputs of review
                    data: any = { a: [1, -2.5, true, null], "b c": "d" }
                }

                gate tests {
                    description "Unit tests"
                    run ["mvn", "-q", "test"]
                    timeout 10m
                    env { CI = "1" }
                    parallel safe
                    writes "target/**"
                    after shared
                    severity warning
                }
                agent fake { description "Fake" run ["fake"] prompt via file env { MODE = "x" } }

                task analyze "Analyze" {
                    description "Look"
                    agent fake
                    role "debugger"
                    prompt "Analyze ${issue}"
                    cwd "src"
                    context "README.md", "a.md"
                    env { X = "y" }
                    gates tests
                    outputs done "finished", blocked
                    timeout 15m
                    retry 3 backoff 2s factor 1.5 max backoff 1m without jitter
                    wait any
                    on done set attempts = attempts + 1
                    on blocked { append output to notes  set attempts = 0 }
                    meta { ui: { x: 1, y: 2 } }
                }
                task build { sh "make all" }
                gate test "Run tests" uses tests { timeout 1m }
                branch check { if test.passed && attempts < 3 then review else analyze loop max 3 }
                parallel fan { branches a, b  wait first }
                checkpoint a
                checkpoint b { description "second" }
                merge join { wait all of a, b  strategy intersection  agent self  prompt "Combine"  wait incoming any }
                subgraph sub runs child { with { topic = issue } returns { result = status } }
                human review { title "Review" prompt "OK?" outputs yes, no default no timeout 1d }

                start -> analyze -> build when done
                e7: build -> test
                test -> check
                fan -> a
                fan -> b
                a -> join
                b -> join
                join -> sub -> review loop max 2 on limit when !(attempts in [1, 2]) with { note = "x", n = -1 }
                review -> end when yes || any(no) && all(yes)

                interrupt before review when budget > 1.0 prompt "Proceed?"
                interrupt after analyze optional
                complete when review.approved, attempts >= 3
            }

            workflow child {
                input topic: string
                state { status: string = "" }
            }
            """;

    @Test
    void everyConstructParsesWithoutErrors() {
        XtextResource r = parse(EVERYTHING);
        assertThat(r.getErrors()).isEmpty();
        var file = root(r);
        assertThat(file.getImports()).extracting(Import::getImportURI).containsExactly("lib/gates.flow", "gates.yaml");
        assertThat(EcoreUtil2.eAllOfType(file, Workflow.class)).hasSize(2);
        assertThat(EcoreUtil2.eAllOfType(file, Task.class)).hasSize(2);
        assertThat(EcoreUtil2.eAllOfType(file, Branch.class).get(0).getElse().getLoop().getMax()).isEqualTo(3);
        assertThat(EcoreUtil2.eAllOfType(file, Parallel.class)).hasSize(1);
        assertThat(EcoreUtil2.eAllOfType(file, Merge.class).get(0).getStrategy().getLiteral()).isEqualTo("intersection");
        assertThat(EcoreUtil2.eAllOfType(file, Subgraph.class).get(0).getResults()).hasSize(1);
        assertThat(EcoreUtil2.eAllOfType(file, Human.class).get(0).getDefault().getName()).isEqualTo("no");
        assertThat(EcoreUtil2.eAllOfType(file, EdgeStatement.class).stream().map(EdgeStatement::getName)
                .filter(n -> n != null).collect(Collectors.toList())).containsExactly("e7");
    }

    @ParameterizedTest
    @ValueSource(strings = {"fail", "timeout", "failure", "error", "warning", "info", "default", "file", "time", "cost",
        "limit", "union", "intersection", "first", "title", "role", "context", "safe", "strategy", "executions",
        "factor", "backoff", "jitter", "stdin", "via", "writes", "severity", "incoming"})
    void keywordsThatReadLikeNamesAreNames(String name) {
        XtextResource r = parse("workflow w { task " + name + " { outputs " + name + " }\nstart -> " + name + " when " + name + " }");
        assertThat(r.getErrors()).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"merge", "task", "workflow", "end", "start", "when", "loop", "state", "input", "output"})
    void anyOtherKeywordIsANameWithACaret(String keyword) {
        XtextResource r = parse("workflow ^" + keyword + " { task ^" + keyword + "\nstart -> ^" + keyword + " }");
        assertThat(r.getErrors()).isEmpty();
        assertThat(root(r).getElements().get(0).getName()).isEqualTo(keyword);
    }

    @Test
    void aNameThatIsNoIdentifierIsWrittenInBackquotes() {
        XtextResource r = parse("workflow `debug-workflow` { task `run tests.now` }");
        assertThat(r.getErrors()).isEmpty();
        assertThat(root(r).getElements().get(0).getName()).isEqualTo("debug-workflow");
        assertThat(EcoreUtil2.eAllOfType(root(r), Task.class).get(0).getName()).isEqualTo("run tests.now");
    }

    @Test
    void aListTypeNestsWithoutASpaceBetweenTheClosingBrackets() {
        assertThat(parse("workflow w { state { x: list<list<int>> = [] } }").getErrors()).isEmpty();
    }
}
