package dev.flow.store;

import dev.flow.store.postgres.PgUrl;
import dev.flow.store.postgres.PostgresStore;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A real PostgreSQL server for the tests of this JVM: a throwaway cluster made and started by
 * {@code tools/pg-test-cluster.sh} on first use (which installs Debian's postgresql package when
 * it is missing), on a free port of 127.0.0.1, stopped and deleted when the JVM exits. Each test
 * gets a database of its own ({@link #newDatabase}), so tests never see each other's rows.
 * Starting the cluster takes about two seconds, once per test JVM.
 */
public final class TestPostgres implements AutoCloseable {
    private static final AtomicInteger DATABASES = new AtomicInteger();
    private static TestPostgres server;

    private final Path dir;
    private final String host;
    private final int port;

    private TestPostgres(Path dir, String host, int port) {
        this.dir = dir;
        this.host = host;
        this.port = port;
    }

    /** The server, started on first use. */
    public static synchronized TestPostgres get() {
        if (server == null) {
            server = start();
        }
        return server;
    }

    /**
     * A server of the caller's own, for a test that stops and starts it ({@link #halt}, {@link
     * #resume}) without disturbing the others; {@link #close} stops it and deletes its folder.
     */
    public static TestPostgres startOwn() {
        return start();
    }

    /**
     * A server of the caller's own on another host: started through {@code launcher} (such as {@code
     * ip netns exec NS}, a test host in a network namespace), listening on {@code host}, a
     * fresh host's standard port 5432. {@link #close} stops it and deletes its folder.
     */
    public static TestPostgres startOn(List<String> launcher, String host) {
        return start(launcher, host, 5432);
    }

    private static TestPostgres start() {
        int port;
        try (var socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = socket.getLocalPort();
        } catch (IOException e) {
            throw new IllegalStateException("cannot find a free port for the test PostgreSQL: " + e.getMessage(), e);
        }
        return start(List.of(), "127.0.0.1", port);
    }

    private static TestPostgres start(List<String> launcher, String host, int port) {
        Path script = script();
        try {
            Path dir = Files.createTempDirectory("flow-pg-");
            var command = new ArrayList<>(launcher);
            command.addAll(List.of("env", "FLOW_PG_LISTEN=" + host, script.toString(), "start", dir.toString(), Integer.toString(port)));
            Runtime.getRuntime().addShutdownHook(new Thread(() -> stop(script, dir)));
            run(command.toArray(String[]::new));
            return new TestPostgres(dir, host, port);
        } catch (IOException e) {
            throw new IllegalStateException("cannot start the test PostgreSQL: " + e.getMessage(), e);
        }
    }

    private static Path script() {
        return repoRoot().resolve("tools/pg-test-cluster.sh");
    }

    /** Stops the server as an administrator would (pg_ctl stop -m fast: every connection is ended), keeping its data. */
    public void halt() {
        run(script().toString(), "halt", dir.toString());
    }

    /** Starts a halted server again, on the same port with the same data. */
    public void resume() {
        run(script().toString(), "resume", dir.toString());
    }

    /** Stops the server and deletes its folder (for one of {@link #startOwn}; the shared one stops when the JVM exits). */
    @Override
    public void close() {
        if (this != server) {
            stop(script(), dir);
        }
    }

    /** At exit: stops the server and deletes its folder, waiting a few seconds at most (the JVM is going anyway). */
    private static void stop(Path script, Path dir) {
        try {
            Process p = new ProcessBuilder(script.toString(), "stop", dir.toString()).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            if (!p.waitFor(15, TimeUnit.SECONDS)) {
                p.destroyForcibly();
            }
        } catch (IOException | InterruptedException ignored) {
            // the folder is in the temp dir, and the server stops with the machine
        }
    }

    private static void run(String... command) {
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes());
            if (!p.waitFor(120, TimeUnit.SECONDS) || p.exitValue() != 0) {
                throw new IllegalStateException(String.join(" ", command) + " failed:\n" + out);
            }
        } catch (IOException e) {
            throw new IllegalStateException(String.join(" ", command) + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    public int port() {
        return port;
    }

    /** The server's socket folder, for psql and pg tools. */
    public Path dir() {
        return dir;
    }

    /** Creates an empty database and returns its URL ({@code postgresql://flow@HOST:PORT/tN}, HOST 127.0.0.1 unless {@link #startOn}). */
    public String newDatabase() {
        String name = "t" + ProcessHandle.current().pid() + "_" + DATABASES.incrementAndGet();
        sql("postgres", "CREATE DATABASE " + name);
        return url(name);
    }

    public String url(String database) {
        return "postgresql://flow@" + host + ":" + port + "/" + database;
    }

    /** Runs statements as the superuser on one database. */
    public void sql(String database, String... statements) {
        try (var c = DriverManager.getConnection("jdbc:postgresql://" + host + ":" + port + "/" + database, "flow", "");
                var st = c.createStatement()) {
            for (String s : statements) {
                st.execute(s);
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
    }

    /** Opens a store on a new, empty database. */
    public PostgresStore newStore(StoreOptions options) {
        return PostgresStore.open(PgUrl.parse(newDatabase(), System::getenv), options);
    }

    /** The checkout's root folder (the one with {@code tools/}), found above the working directory. */
    public static Path repoRoot() {
        Path p = Path.of("").toAbsolutePath();
        while (p != null && !Files.exists(p.resolve("tools/pg-test-cluster.sh"))) {
            p = p.getParent();
        }
        if (p == null) {
            throw new IllegalStateException("cannot find tools/pg-test-cluster.sh above " + Path.of("").toAbsolutePath());
        }
        return p;
    }
}
