package dev.flow.engine;

import dev.flow.testing.GraphBuilder;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.flow.model.Sandbox;
import dev.flow.store.KvEntry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 19, item 1: a sandboxed step never reaches Flow's database. The attack of the issue (Python's
 * sqlite3 on the database file, to change the run) is tried from inside a real bubblewrap sandbox
 * and finds the file empty and unwritable; the step's key-value store still works, through the
 * broker on a socket, with exactly the step's rights. The steps are Python scripts (the attack's
 * tool, and a client of the broker's protocol that can send it anything).
 */
class SandboxDatabaseTest {
    @TempDir
    Path dir;

    private static final Sandbox ON = new Sandbox(true, true, List.of(), null);

    private static final String ATTACK = """
            import os, sqlite3
            db = os.environ["DBFILE"]
            print("env", "FLOW_DB" in os.environ, "FLOW_ARTIFACTS" in os.environ, "FLOW_KV_SOCKET" in os.environ)
            try:
                c = sqlite3.connect(db)
                c.execute("update executions set status = 'completed'")
                c.commit()
                print("WROTE-SQL")
            except Exception as e:
                print("sql refused:", e)
            try:
                with open(db, "ab") as f:
                    f.write(b"x")
                print("APPENDED")
            except Exception as e:
                print("append refused:", e)
            seen = b""
            for suffix in ["", "-wal", "-shm"]:
                try:
                    with open(db + suffix, "rb") as f:
                        seen += f.read()
                except Exception:
                    pass
            print("SECRET-READ" if b"s3cr3t-of-another-run" in seen else "secret unseen", len(seen))
            """;

    @Test
    void theIssuesSqliteAttackFindsNoDatabaseInTheSandbox() throws Exception {
        String python = python();
        Files.writeString(dir.resolve("attack.py"), ATTACK);
        try (var h = new Harness(dir)) {
            assumeTrue(!h.store.address().contains("://"), "the database is a file (SQLite)");
            String other = h.start(GraphBuilder.workflow("o").checkpoint("c").chain("start", "c", "end").graph());
            h.engine.kv().put(KvService.Caller.person(), other, KvEntry.RUN_SCOPE, "token", "s3cr3t-of-another-run");
            var before = h.engine.queries().status(other).execution().status();
            var g = GraphBuilder.workflow("w").sh("t", python + " attack.py > attack.txt").cwdAndEnv("t", null, Map.of("DBFILE", h.store.address()))
                    .sandbox(ON).chain("start", "t", "end").graph();
            RunResult r = h.run(g);
            assertThat(r.outcome()).as(r.report()).isEqualTo(RunOutcome.COMPLETED);
            String said = Files.readString(dir.resolve("attack.txt"));
            assertThat(said).contains("env False False True", "sql refused:", "append refused:", "secret unseen 0")
                    .doesNotContain("WROTE-SQL", "APPENDED", "SECRET-READ");
            assertThat(h.engine.queries().status(other).execution().status()).as("the other run is untouched").isEqualTo(before);
        }
    }

    private static final String CLIENT = """
            import json, os, socket, sys
            def ask(raw):
                s = socket.socket(socket.AF_UNIX)
                s.connect(os.environ["FLOW_KV_SOCKET"])
                s.sendall(raw + b"\\n")
                data = b""
                while not data.endswith(b"\\n"):
                    chunk = s.recv(65536)
                    if not chunk:
                        break
                    data += chunk
                s.close()
                return json.loads(data) if data else {"closed": True}
            def req(**fields):
                return ask(json.dumps(fields).encode())
            out = {}
            out["own"] = req(verb="put", scope=os.environ["FLOW_NODE_ID"], key="k", value="mine")
            out["run"] = req(verb="put", scope="run", key="shared", value="for all")
            out["get"] = req(verb="get", scope="run", key="shared")
            out["list"] = req(verb="list", scope=os.environ["FLOW_NODE_ID"], prefix="")
            out["otherNode"] = req(verb="put", scope="b", key="k", value="theirs")
            out["otherExecution"] = req(verb="get", execution=sys.argv[1], scope="run", key="token")
            out["otherExecutionPut"] = req(verb="put", execution=sys.argv[1], scope="run", key="token", value="changed")
            out["garbage"] = ask(b"{not json")
            out["array"] = ask(b"[1, 2]")
            out["verb"] = req(verb="drop", scope="run", key="k")
            out["missing"] = req(verb="put", scope="run")
            out["badKey"] = req(verb="put", scope="run", key="", value="v")
            out["tooLong"] = ask(b"x" * (8 * 1024 * 1024 + 10))
            out["after"] = req(verb="get", scope="run", key="shared")
            json.dump(out, open("answers.json", "w"))
            """;

    @Test
    void theBrokerGivesTheStepItsOwnKeysAndAnswersEverythingElseWithAnError() throws Exception {
        String python = python();
        Files.writeString(dir.resolve("client.py"), CLIENT);
        try (var h = new Harness(dir)) {
            String other = h.start(GraphBuilder.workflow("o").checkpoint("c").chain("start", "c", "end").graph());
            h.engine.kv().put(KvService.Caller.person(), other, KvEntry.RUN_SCOPE, "token", "s3cr3t-of-another-run");
            var g = GraphBuilder.workflow("w").sh("a", python + " client.py " + other).sandbox(ON).checkpoint("b").chain("start", "a", "b", "end").graph();
            String id = h.start(g);
            RunResult r = h.engine.run(id);
            assertThat(r.outcome()).as(r.report()).isEqualTo(RunOutcome.COMPLETED);
            var answers = new com.fasterxml.jackson.databind.ObjectMapper().readTree(dir.resolve("answers.json").toFile());
            assertThat(answers.get("own").get("ok").asBoolean()).isTrue();
            assertThat(answers.get("get").get("values").get(0).get("value").asText()).isEqualTo("for all");
            assertThat(answers.get("list").get("values").get(0).get("key").asText()).isEqualTo("k");
            assertThat(answers.get("otherNode").get("error").asText()).isEqualTo("node \"a\" may not write the keys of node \"b\"; it writes its own (\"a\") and the run's (\"run\")");
            assertThat(answers.get("otherExecution").get("error").asText()).contains("only its own execution's keys", other);
            assertThat(answers.get("otherExecutionPut").get("ok").asBoolean()).isFalse();
            assertThat(answers.get("garbage").get("error").asText()).startsWith("a request is one JSON object a line");
            assertThat(answers.get("array").get("error").asText()).isEqualTo("a request is one JSON object a line");
            assertThat(answers.get("verb").get("error").asText()).contains("unknown verb \"drop\"");
            assertThat(answers.get("missing").get("error").asText()).isEqualTo("the request has no \"key\"");
            assertThat(answers.get("badKey").get("error").asText()).startsWith("a key is 1 to");
            assertThat(answers.get("tooLong").get("error").asText()).contains("at most");
            assertThat(answers.get("after").get("values").get(0).get("value").asText()).as("the broker still serves").isEqualTo("for all");
            var kv = h.engine.kv();
            assertThat(kv.get(id, "a", "k").orElseThrow().value()).isEqualTo("mine");
            assertThat(kv.get(id, "a", "k").orElseThrow().writer()).isEqualTo("a");
            assertThat(kv.get(id, "b", "k")).isEmpty();
            assertThat(kv.get(other, KvEntry.RUN_SCOPE, "token").orElseThrow().value()).isEqualTo("s3cr3t-of-another-run");
        }
    }

    /** The Python the attack used; the test needs it (Debian's python3 is part of the build's machine). */
    private static String python() {
        for (String p : List.of("/usr/bin/python3", "/usr/local/bin/python3")) {
            if (Files.isExecutable(Path.of(p))) {
                return p;
            }
        }
        assumeTrue(false, "python3 is not installed");
        return null;
    }
}
