package dev.flow.engine.workspace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CommitReaderTest {
    @TempDir
    Path dir;

    @Test
    void showsACommitsFilesAndDiffWithItsPathsUnquoted() throws Exception {
        TestRepo repo = TestRepo.init(dir.resolve("repo"), "greeting.txt", "Hello, world\n");
        repo.write("greeting.txt", "Hello, dear world\n");
        repo.write("naïve file.txt", "new\n");
        repo.git("add", "-A");
        repo.git("commit", "-q", "-m", "Make it polite");
        CommitReader.Commit c = CommitReader.read(repo.dir, repo.head(), 10_000);
        assertThat(c.subject()).isEqualTo("Make it polite");
        assertThat(c.files()).containsExactly("M\tgreeting.txt", "A\tnaïve file.txt");
        assertThat(c.diff()).contains("-Hello, world", "+Hello, dear world", "+++ b/naïve file.txt");
        assertThat(c.truncated()).isFalse();
        assertThat(CommitReader.read(repo.dir, repo.head(), 40).diff()).hasSize(40);
        assertThat(CommitReader.read(repo.dir, repo.head(), 40).truncated()).isTrue();
    }

    @Test
    void runsNoProgramTheRepositoryNames() throws Exception {
        // a step may write .gitattributes, and the person's config may name programs: the diff must run none of them
        TestRepo repo = TestRepo.init(dir.resolve("repo"), "a.txt", "one\n");
        Path ran = dir.resolve("ran");
        String program = "sh -c 'touch " + ran + "; cat \"$1\"' -";
        repo.git("config", "diff.evil.textconv", program);
        repo.git("config", "diff.external", "sh -c 'touch " + ran + "'");
        repo.git("config", "core.pager", "sh -c 'touch " + ran + "'");
        repo.write(".gitattributes", "*.txt diff=evil\n");
        repo.write("a.txt", "two\n");
        repo.git("add", "-A");
        repo.git("commit", "-q", "-m", "Change a");
        CommitReader.Commit c = CommitReader.read(repo.dir, repo.head(), 10_000);
        assertThat(c.diff()).contains("-one", "+two");
        assertThat(ran).as("a program of the repository ran").doesNotExist();
    }

    @Test
    void refusesAnythingButAFullHash() throws Exception {
        TestRepo repo = TestRepo.init(dir.resolve("repo"), "a.txt", "one\n");
        assertThatThrownBy(() -> CommitReader.read(repo.dir, "--output=/tmp/x", 100)).isInstanceOf(GitException.class).hasMessageContaining("not a commit hash");
        assertThatThrownBy(() -> CommitReader.read(repo.dir, "HEAD", 100)).isInstanceOf(GitException.class);
        assertThatThrownBy(() -> CommitReader.read(repo.dir, "0".repeat(40), 100)).isInstanceOf(GitException.class);
        assertThat(Files.exists(Path.of("/tmp/x"))).isFalse();
    }
}
