package dev.flow.lsp;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;

/**
 * A connection the server opens to a client that listens: vscode-languageclient's socket and pipe
 * transports start a listener, pass its address as {@code --socket=PORT} or {@code --pipe=NAME},
 * and wait for the server to connect.
 */
final class ClientConnection implements AutoCloseable {

    /** Opens the connection; named by its address for messages. */
    interface Opener {
        ClientConnection open() throws IOException;

        String address();
    }

    private final SocketChannel channel;

    private ClientConnection(SocketChannel channel) {
        this.channel = channel;
    }

    /** A connection over a channel that is already open (the accepting side, in tests). */
    static ClientConnection over(SocketChannel channel) {
        return new ClientConnection(channel);
    }

    static Opener socket(int port) {
        InetSocketAddress address = new InetSocketAddress(InetAddress.getLoopbackAddress(), port);
        return opener(address.getHostString() + ":" + port, () -> {
            SocketChannel channel = SocketChannel.open(StandardProtocolFamily.INET);
            channel.connect(address);
            return channel;
        });
    }

    static Opener pipe(String name) {
        return opener(name, () -> {
            SocketChannel channel = SocketChannel.open(StandardProtocolFamily.UNIX);
            channel.connect(UnixDomainSocketAddress.of(Path.of(name)));
            return channel;
        });
    }

    private interface ChannelOpener {
        SocketChannel open() throws IOException;
    }

    private static Opener opener(String address, ChannelOpener channels) {
        return new Opener() {
            @Override
            public ClientConnection open() throws IOException {
                return new ClientConnection(channels.open());
            }

            @Override
            public String address() {
                return address;
            }
        };
    }

    /*
     * Streams that call the channel directly: Channels.newInputStream/newOutputStream hold the
     * channel's blocking lock while they read, so a pending read would stop every write.
     */
    InputStream input() {
        return new InputStream() {
            @Override
            public int read() throws IOException {
                byte[] one = new byte[1];
                int n = read(one, 0, 1);
                return n < 0 ? -1 : one[0] & 0xff;
            }

            @Override
            public int read(byte[] bytes, int offset, int length) throws IOException {
                if (length == 0) {
                    return 0;
                }
                return channel.read(ByteBuffer.wrap(bytes, offset, length));
            }
        };
    }

    OutputStream output() {
        return new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                write(new byte[] {(byte) b}, 0, 1);
            }

            @Override
            public void write(byte[] bytes, int offset, int length) throws IOException {
                ByteBuffer buffer = ByteBuffer.wrap(bytes, offset, length);
                while (buffer.hasRemaining()) {
                    channel.write(buffer);
                }
            }
        };
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
