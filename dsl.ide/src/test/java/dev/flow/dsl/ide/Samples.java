package dev.flow.dsl.ide;

import java.nio.file.Path;

/**
 * The texts the editor tests open: a release workflow without any diagnostic, the gate library it
 * imports and a gate registry in the supervisor's format. Tests change the workflow at one place
 * ({@link #releaseWith}) to put the cursor or a mistake there.
 */
public final class Samples {
    private Samples() {}

    /** The library {@link #RELEASE} imports, as {@code checks.flow}. */
    public static final String CHECKS_FILE = "checks.flow";
    public static final String CHECKS = """
            // Checks every release workflow runs.
            gate unit_tests {
                description "Runs the unit tests"
                run ["gradle", "test"]
                timeout 15m
            }
            gate style {
                sh "npm run lint"
            }
            agent reviewer {
                description "Reads a draft like a customer"
                run ["review-bot", "--strict"]
            }
            """;

    /** A registry of gates, as {@code gates.yaml}. */
    public static final String REGISTRY_FILE = "gates.yaml";
    public static final String REGISTRY = """
            gates:
              licenses:
                description: "Checks the licenses of the dependencies"
                command: ["license-check", "--all"]
                timeout: 90
              audit:
                command: ["npm", "audit"]
                severity: warning
                depends_on: ["licenses"]
            """;

    public static final String RELEASE = """
            import "checks.flow"

            workflow release "Ship a version once it is checked" {
                input version: string "The version to ship"
                state {
                    rounds: int = 0 "How often the notes were redrafted"
                }

                task draft "Draft the release notes" {
                    agent claude
                    prompt "Write the notes for ${version}"
                    outputs ready, unclear
                    retry 2
                }
                task polish {
                    agent claude
                    prompt "Polish the notes"
                    on done set rounds = rounds + 1
                }
                gate check uses unit_tests
                human approve {
                    prompt "Ship it?"
                    outputs yes, no
                }

                start -> draft
                draft -> polish when ready
                draft -> end when unclear
                polish -> check
                check -> approve when check.passed
                check -> draft loop max 3 when !check.passed
                approve -> end when yes
                approve -> draft loop max 2 when no
            }
            """;

    /** Opens {@code marked} (see {@link Editor#open}) in {@code folder}, beside the library and the registry it may import. */
    public static Editor open(Path folder, String marked) {
        Editor.write(folder, CHECKS_FILE, CHECKS);
        Editor.write(folder, REGISTRY_FILE, REGISTRY);
        return Editor.open(folder, marked);
    }

    /** {@link #RELEASE} with {@code what} (which must be in it) replaced by {@code with} everywhere. */
    public static String releaseWith(String what, String with) {
        if (!RELEASE.contains(what)) {
            throw new IllegalArgumentException("'" + what + "' is not in the release workflow");
        }
        return RELEASE.replace(what, with);
    }
}
