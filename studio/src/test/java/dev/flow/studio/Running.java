package dev.flow.studio;

import dev.flow.engine.Engine;
import dev.flow.frontend.Compiler;
import dev.flow.frontend.LoadOptions;
import dev.flow.model.FlowGraph;
import dev.flow.store.StoreOptions;
import dev.flow.store.sqlite.SqliteStore;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/** A real database in a temporary folder, an engine on it and a studio serving it: what the tests drive. */
final class Running implements AutoCloseable {
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
        Path file = dir.resolve(name + ".flow");
        Files.writeString(file, source);
        var compiled = Compiler.withInstalledFrontEnds().compile(file, file.getFileName().toString(), LoadOptions.DEFAULT);
        FlowGraph graph = compiled.graph().orElseThrow(() -> new AssertionError("does not compile: " + compiled.diagnostics()));
        return engine.start(graph, Map.of(), dir);
    }

    /** An approval run driven until it waits for its person. */
    String waitingApproval() throws IOException {
        String id = start("approval", APPROVAL);
        engine.run(id);
        return id;
    }

    @Override
    public void close() {
        studio.close();
        store.close();
    }
}
