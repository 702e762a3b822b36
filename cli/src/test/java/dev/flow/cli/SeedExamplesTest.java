package dev.flow.cli;

import static dev.flow.yaml.YamlTestSupport.repositoryRoot;
import static dev.flow.yaml.YamlTestSupport.seed;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import org.junit.jupiter.api.Test;

/** The examples of the seeds, as their authors wrote them, through the real {@code flow check}. */
class SeedExamplesTest {

    private static final Path FULL_EXAMPLE = repositoryRoot().resolve("cli/src/test/resources/seeds/001-full-example.yaml");

    @Test
    void theFullExampleOfSeed001IsCopiedVerbatimBelowItsHeader() throws Exception {
        String text = Files.readString(seed("001_ae0a249492444432.txt"));
        int start = text.indexOf("```yaml\n", text.indexOf("## Full Example")) + "```yaml\n".length();
        String block = text.substring(start, text.indexOf("```", start));
        String copy = Files.readString(FULL_EXAMPLE);
        assertThat(copy.substring(copy.indexOf("workflow:"))).isEqualTo(block);
    }

    @Test
    void theFullExampleOfSeed001ChecksWithoutAnError() throws Exception {
        // Starts a JVM: about a second. Before the fix, "test_coverage: output" was a false FLOW402 (exit 1).
        FlowProcess p = FlowProcess.run(FULL_EXAMPLE.getParent(), "check", "--format=json", FULL_EXAMPLE.getFileName().toString());
        assertThat(p.exit()).as(p.out() + p.err()).isZero();
        var found = new ArrayList<String>();
        for (JsonNode d : new ObjectMapper().readTree(p.out())) {
            found.add(d.get("severity").asText() + " " + d.get("code").asText() + " at " + d.get("line").asInt());
        }
        // what remains is true: nothing leaves implement on "blocked", and implement/run_tests loop with no limit of their own
        assertThat(found).containsExactly("warning FLOW305 at 65", "warning FLOW306 at 131");
        assertThat(p.err()).doesNotContain("Exception");
    }

}
