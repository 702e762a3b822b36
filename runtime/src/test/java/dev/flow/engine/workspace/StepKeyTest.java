package dev.flow.engine.workspace;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StepKeyTest {
    @TempDir
    Path dir;

    @Test
    void theTrailerNamesTheStepAsWritten() {
        assertThat(new StepKey("x7k2", "fix", 2, 1).trailerValue()).isEqualTo("x7k2/fix/2-1");
    }

    @Test
    void plainNamesStayAsTheyAreInRefsAndFolders() {
        assertThat(StepKey.component("fix_2-a.b")).isEqualTo("fix_2-a.b");
        assertThat(new Workspaces(dir).worktreeOf(new StepKey("e1.build.1", "fix", 1, 2))).isEqualTo(dir.resolve("e1.build.1").resolve("fix-1-2"));
    }

    @Test
    void namesGitWouldRefuseAreMadeSafeAndKeptApart() {
        String spaced = StepKey.component("run tests");
        String underscored = StepKey.component("run_tests");
        assertThat(spaced).matches("run_tests-[0-9a-f]{8}").isNotEqualTo(underscored);
        assertThat(StepKey.component("..hidden")).doesNotStartWith(".").doesNotContain("..");
        assertThat(StepKey.component("x.lock")).doesNotEndWith(".lock");
        assertThat(StepKey.component("")).isNotEmpty();
    }

    @Test
    void everyMadeSafeNameIsARefGitAccepts() throws Exception {
        TestRepo repo = TestRepo.init(dir.resolve("repo"), "a", "a\n");
        for (String name : new String[] {"run tests", "..x", "a.lock", "ünï", "a:b*c?[d]", "-lead", "x//y", "@{u}"}) {
            String ref = "refs/flow/" + StepKey.component(name) + "/base";
            repo.git("check-ref-format", ref);
        }
        var target = TargetRepo.open(repo.dir, dir.resolve("worktrees"), Map.of());
        assertThat(target.runBase("run tests")).isEqualTo(repo.head());
        assertThat(target.runBase("run tests")).as("recorded once").isEqualTo(repo.head());
    }
}
