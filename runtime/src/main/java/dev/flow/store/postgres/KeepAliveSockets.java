package dev.flow.store.postgres;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import javax.net.SocketFactory;
import jdk.net.ExtendedSocketOptions;

/**
 * The sockets Flow's connections to PostgreSQL use: TCP keepalives probing after {@value #IDLE_SECONDS}
 * s of silence, {@value #COUNT} probes {@value #INTERVAL_SECONDS} s apart. The server probes its side
 * alike (Flow sets {@code tcp_keepalives_*} on each session); this is the worker's side. A worker cut
 * off while the server worked on its statement (waiting on a row lock, say) waits for an answer with
 * nothing of its own in flight, so TCP never retransmits and never notices that the server, probing,
 * has dropped the connection meanwhile: without probes of its own the worker waited on it for ever,
 * after the cable came back too. With them, a dead connection fails within about 16 s of silence
 * and is opened anew. The operating system's default (two hours before the first probe) is far too
 * long for a lease of seconds.
 *
 * <p>Named by class in the driver's {@code socketFactory} property, which makes it with the no-argument
 * constructor.
 */
public final class KeepAliveSockets extends SocketFactory {
    static final int IDLE_SECONDS = 10;
    static final int INTERVAL_SECONDS = 2;
    static final int COUNT = 3;

    @Override
    public Socket createSocket() throws IOException {
        var socket = new Socket();
        socket.setKeepAlive(true);
        try {
            socket.setOption(ExtendedSocketOptions.TCP_KEEPIDLE, IDLE_SECONDS);
            socket.setOption(ExtendedSocketOptions.TCP_KEEPINTERVAL, INTERVAL_SECONDS);
            socket.setOption(ExtendedSocketOptions.TCP_KEEPCOUNT, COUNT);
        } catch (UnsupportedOperationException e) {
            // a platform without per-socket keepalive times: its own defaults apply
        }
        return socket;
    }

    @Override
    public Socket createSocket(String host, int port) throws IOException {
        return connected(new InetSocketAddress(host, port), null);
    }

    @Override
    public Socket createSocket(String host, int port, InetAddress localHost, int localPort) throws IOException {
        return connected(new InetSocketAddress(host, port), new InetSocketAddress(localHost, localPort));
    }

    @Override
    public Socket createSocket(InetAddress host, int port) throws IOException {
        return connected(new InetSocketAddress(host, port), null);
    }

    @Override
    public Socket createSocket(InetAddress address, int port, InetAddress localAddress, int localPort) throws IOException {
        return connected(new InetSocketAddress(address, port), new InetSocketAddress(localAddress, localPort));
    }

    /** A socket of this factory's, bound to {@code from} when given, connected to {@code to}. */
    private Socket connected(InetSocketAddress to, InetSocketAddress from) throws IOException {
        Socket socket = createSocket();
        if (from != null) {
            socket.bind(from);
        }
        socket.connect(to);
        return socket;
    }
}
