package dev.flow.lsp;

/** The workflows the tests edit: a small, valid review loop and a gate library it imports. */
final class Workflows {
    private Workflows() {}

    static final String LIBRARY = """
            // Gates shared by several workflows.
            gate tests {
                description "Run the unit tests"
                run ["mvn", "-q", "test"]
                timeout 10m
            }
            """;

    static final String REVIEW = """
            import "gates.flow"

            workflow review_loop "Fix until the tests pass" {
                input issue: string "The bug report"
                state {
                    attempts: int = 0 "How many fixes were tried"
                }

                task analyze "Analyze the bug" {
                    agent claude
                    prompt "Analyze: ${issue}"
                    outputs done, blocked
                }
                task fix {
                    agent claude
                    prompt "Fix it"
                    on done set attempts = attempts + 1
                }
                gate test uses tests

                start -> analyze
                analyze -> fix when done
                analyze -> end when blocked
                fix -> test
                test -> end when test.passed
                test -> analyze loop max 3 when !test.passed
            }
            """;

    /** A gate registry in the supervisor's format, imported by {@link #REGISTERED}. */
    static final String REGISTRY = """
            gates:
              lint:
                description: "Run linter"
                command: ["ruff", "check", "."]
                timeout: 60
              type_check:
                description: "Run type checker"
                command: ["mypy", "."]
                depends_on: ["lint"]
            """;

    /** A workflow whose gates come from the registry {@code gates.yaml}. */
    static final String REGISTERED = """
            import "gates.yaml"

            workflow checked {
                task build {
                    run ["make"]
                }
                gate style uses lint

                start -> build
                build -> style
                style -> end
            }
            """;

    /** The review loop with its text replaced once: {@code REVIEW} with {@code what} turned into {@code with}. */
    static String reviewWith(String what, String with) {
        if (!REVIEW.contains(what)) {
            throw new IllegalArgumentException("'" + what + "' is not in the review workflow");
        }
        return REVIEW.replace(what, with);
    }
}
