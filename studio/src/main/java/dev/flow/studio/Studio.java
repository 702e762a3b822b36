package dev.flow.studio;

import dev.flow.engine.Engine;
import java.io.IOException;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.thread.QueuedThreadPool;

/**
 * {@code flow studio}: a web page that shows a database's executions as they run, drawn from the
 * database alone, and lets a person answer a run's questions. Start it with {@link #start}, stop
 * it with {@link #close}.
 */
public final class Studio implements AutoCloseable {
    /** How long a stop waits for open pages' streams to end. */
    private static final long STOP_MILLIS = 2000;

    private final Server server;
    private final StudioHandler handler;
    private final URI url;

    private Studio(Engine engine, StudioAddress address) throws Exception {
        var threads = new QueuedThreadPool();
        threads.setName("flow-studio");
        threads.setDaemon(true);
        server = new Server(threads);
        var connector = new ServerConnector(server);
        connector.setHost(address.host());
        connector.setPort(address.port());
        server.addConnector(connector);
        handler = new StudioHandler(engine, new Access(address.token()));
        server.setHandler(handler);
        server.setStopTimeout(STOP_MILLIS);
        try {
            server.start();
        } catch (Exception e) {
            server.stop(); // its threads, which a failed start leaves running
            handler.close();
            throw e;
        }
        String name = shownHost(address.host());
        String host = name.contains(":") ? "[" + name + "]" : name;
        url = URI.create("http://" + host + ":" + connector.getLocalPort() + "/"
                + (address.token() == null ? "" : "?" + Access.QUERY + "=" + address.token()));
    }

    /** The host a person opens: this machine's name when listening on every interface (0.0.0.0). */
    private static String shownHost(String host) {
        try {
            return InetAddress.getByName(host).isAnyLocalAddress() ? InetAddress.getLocalHost().getHostName() : host;
        } catch (UnknownHostException e) {
            return host;
        }
    }

    /**
     * Serves the executions of {@code engine}'s database at {@code address}.
     *
     * @throws java.io.IOException when the address cannot be listened on (a port in use)
     */
    public static Studio start(Engine engine, StudioAddress address) throws IOException {
        try {
            return new Studio(engine, address);
        } catch (Exception e) {
            throw new IOException("the studio cannot listen on " + address.host() + ":" + address.port() + ": " + e.getMessage(), e);
        }
    }

    /** The page's address, with the token when one is needed: what a person opens. */
    public URI url() {
        return url;
    }

    /** Blocks until the studio stops. */
    public void join() throws InterruptedException {
        server.join();
    }

    @Override
    public void close() {
        handler.close();
        try {
            server.stop();
        } catch (Exception e) {
            throw new IllegalStateException("the studio did not stop: " + e.getMessage(), e);
        }
    }
}
