package dev.flow.studio;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.flow.engine.Engine;
import dev.flow.frontend.Compiler;
import dev.flow.frontend.LoadOptions;
import dev.flow.model.FlowGraph;
import dev.flow.store.StoreOptions;
import dev.flow.store.sqlite.SqliteStore;
import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/** A real database in a temporary folder, an engine on it and a studio serving it: what the tests drive. */
final class Running implements AutoCloseable {
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final ObjectMapper JSON = new ObjectMapper();

    /** A build (the shell command {@code build}), a person's approval, then shipping or not: workflow {@code id}. */
    static String approval(String id, String build) {
        return """
                workflow %s "Ship after a person approves" {
                    task build "Build" {
                        sh "%s"
                    }
                    human review "Approve the release" {
                        title "Ship it?"
                        prompt "The build made ${build.summary}. Ship it?"
                        outputs approved, rejected
                    }
                    task ship "Ship" {
                        sh "echo shipped"
                    }
                    start -> build -> review
                    review -> ship when approved
                    review -> end when rejected
                    ship -> end
                }
                """.formatted(id, build);
    }

    /** A chain of {@code n} tasks {@code t0}, {@code t1}... between start and end: workflow {@code id}, a large graph when {@code n} is. */
    static String chain(String id, int n) {
        var tasks = java.util.stream.IntStream.range(0, n).mapToObj(i -> "t" + i).toList();
        var source = new StringBuilder("workflow " + id + " {\n");
        tasks.forEach(t -> source.append("    task ").append(t).append(" { sh \"true\" }\n"));
        source.append("    start -> ").append(String.join(" -> ", tasks)).append(" -> end\n}\n");
        return source.toString();
    }

    /** The approval workflow with a quick build. */
    static final String APPROVAL = approval("approval", "echo version 1.2.3");


    final Path dir;
    final SqliteStore store;
    final Engine engine;
    final Studio studio;

    Running(Path dir, StudioAddress address) throws IOException {
        this.dir = dir;
        this.store = SqliteStore.open(dir.resolve("state.db"), StoreOptions.DEFAULT);
        this.engine = new Engine(store);
        this.studio = Studio.start(engine, address);
    }

    Running(Path dir) throws IOException {
        this(dir, StudioAddress.of(StudioAddress.LOOPBACK, 0, null));
    }

    /** Compiles {@code source} (a .flow file) and starts an execution of it, without running it. */
    String start(String name, String source) throws IOException {
        return engine.start(compile(name, source), Map.of(), dir);
    }

    /** Compiles {@code source} (a .flow file), for tests that start it many times. */
    FlowGraph compile(String name, String source) throws IOException {
        Path file = dir.resolve(name + ".flow");
        Files.writeString(file, source);
        var compiled = Compiler.withInstalledFrontEnds().compile(file, file.getFileName().toString(), LoadOptions.DEFAULT);
        return compiled.graph().orElseThrow(() -> new AssertionError("does not compile: " + compiled.diagnostics()));
    }

    /** An approval run driven until it waits for its person. */
    String waitingApproval() throws IOException {
        String id = start("approval", APPROVAL);
        engine.run(id);
        return id;
    }

    /** {@code GET path} from the studio, which must answer 200, as JSON. */
    JsonNode read(String path) throws IOException, InterruptedException {
        HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(studio.url().resolve(path)).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).as(path + ": " + r.body()).isEqualTo(200);
        return JSON.readTree(r.body());
    }

    /** Why the studio refuses {@code GET path}: it must answer 400. */
    String refusal(String path) throws IOException, InterruptedException {
        HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(studio.url().resolve(path)).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).as(path + ": " + r.body()).isEqualTo(400);
        return JSON.readTree(r.body()).get("error").asText();
    }

    @Override
    public void close() {
        studio.close();
        store.close();
    }
}
