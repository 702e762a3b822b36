package dev.flow.engine.broker;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code flow kv} inside a sandboxed step: the step's key-value store through the broker whose socket
 * {@code FLOW_KV_SOCKET} names, one connection a request. A refusal comes back as a {@link Refused}
 * with the broker's reason; a broker that cannot be reached as an {@link UncheckedIOException}.
 */
public final class KvBrokerClient implements KvAccess {
    private final Path socket;
    private final String executionId;

    public KvBrokerClient(Path socket, String executionId) {
        this.socket = socket;
        this.executionId = executionId;
    }

    /** The client the environment of a sandboxed step names; empty outside one. */
    public static Optional<Path> socketOf(Map<String, String> env) {
        String s = env.get(KvBroker.SOCKET_VARIABLE);
        return s == null || s.isBlank() ? Optional.empty() : Optional.of(Path.of(s));
    }

    /** The broker said no. */
    public static final class Refused extends RuntimeException {
        Refused(String why) {
            super(why);
        }
    }

    @Override
    public String executionId() {
        return executionId;
    }

    @Override
    public Optional<Value> get(String scope, String key) {
        return ask(request(KvProtocol.GET, scope).put("key", key)).stream().findFirst();
    }

    @Override
    public List<Value> history(String scope, String key) {
        return ask(request(KvProtocol.HISTORY, scope).put("key", key));
    }

    @Override
    public List<Value> list(String scope, String prefix) {
        return ask(request(KvProtocol.LIST, scope).put("prefix", prefix));
    }

    @Override
    public void put(String scope, String key, String value) {
        ask(request(KvProtocol.PUT, scope).put("key", key).put("value", value));
    }

    private ObjectNode request(String verb, String scope) {
        ObjectNode o = KvProtocol.JSON.createObjectNode();
        o.put("verb", verb);
        o.put("execution", executionId);
        o.put("scope", scope);
        return o;
    }

    private List<Value> ask(ObjectNode request) {
        byte[] line;
        try {
            line = KvProtocol.line(request);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (line.length > KvProtocol.LINE_MAX) {
            throw new Refused("the request is " + line.length + " bytes; through the sandbox's broker a request is at most " + KvProtocol.LINE_MAX);
        }
        try (SocketChannel channel = SocketChannel.open(StandardProtocolFamily.UNIX)) {
            channel.connect(UnixDomainSocketAddress.of(socket));
            OutputStream out = Channels.newOutputStream(channel);
            out.write(line);
            out.flush();
            InputStream in = new BufferedInputStream(Channels.newInputStream(channel));
            byte[] answerLine = KvProtocol.readLine(in);
            if (answerLine == null) {
                throw new IOException("the broker closed the connection without an answer");
            }
            JsonNode answer = KvProtocol.JSON.readTree(answerLine);
            if (!answer.path("ok").asBoolean(false)) {
                throw new Refused(answer.path("error").asText("the broker refused the request"));
            }
            return KvProtocol.values(answer);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot reach the key-value broker at " + socket + ": " + e.getMessage(), e);
        }
    }
}
