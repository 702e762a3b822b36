package dev.flow.engine.it;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

/**
 * Machines of a test's own on this one: each host a network namespace, all joined by a bridge in the
 * first host's namespace through veth pairs, with an address each in 198.18.N.0/24 (RFC 2544's range
 * for benchmark tests, which no real network uses). The test's own JVM reaches them through one more
 * veth pair, from this namespace onto the bridge, at 198.18.N.254. Every name carries a random tag
 * ({@code flowp-TAG-HOST}, links {@code fpTAG...}), so runs at the same time never meet, and
 * {@link #close} (also run at exit) deletes the namespaces, which takes their links with them: it
 * never touches a namespace or link it did not make. Needs root and iproute2 ({@link #unavailable}).
 */
final class TestHosts implements AutoCloseable {
    private static final Path LOCK = Path.of(System.getProperty("java.io.tmpdir"), "flow-test-hosts.lock");

    private final String tag;
    private final int subnet;
    private final Map<String, Integer> hosts = new LinkedHashMap<>();
    private final List<String> namespaces = new ArrayList<>();
    private final Thread atExit = new Thread(this::remove);
    private boolean removed;

    private TestHosts(String tag, int subnet) {
        this.tag = tag;
        this.subnet = subnet;
    }

    /** Why this machine cannot make test hosts (not root, no iproute2, namespaces refused); null when it can. */
    static String unavailable() {
        if (!"root".equals(System.getProperty("user.name"))) {
            return "network namespaces need root, and the tests run as " + System.getProperty("user.name");
        }
        String probe = "flowp-probe-" + ProcessHandle.current().pid();
        try {
            String out = ip("netns", "add", probe);
            if (out != null) {
                return "cannot make a network namespace here (ip netns add: " + out.strip() + ")";
            }
            ip("netns", "delete", probe);
            return null;
        } catch (IOException e) {
            return "no iproute2 (the ip command) here: " + e.getMessage();
        }
    }

    /** Makes the hosts, the first of which holds the bridge; each gets the address {@code 198.18.N.(i+1)}. */
    static TestHosts make(String... names) throws IOException {
        String tag = HexFormat.of().toHexDigits(ThreadLocalRandom.current().nextInt()).substring(2);
        // choosing a subnet no other run holds, and taking it, is one step among runs at the same time
        try (var lock = FileChannel.open(LOCK, StandardOpenOption.CREATE, StandardOpenOption.WRITE); var held = lock.lock()) {
            String taken = run(List.of("ip", "-4", "-o", "addr", "show"));
            int subnet;
            do {
                subnet = ThreadLocalRandom.current().nextInt(1, 255);
            } while (taken.contains(" 198.18." + subnet + "."));
            var hosts = new TestHosts(tag, subnet);
            Runtime.getRuntime().addShutdownHook(hosts.atExit);
            try {
                hosts.build(names);
            } catch (IOException | RuntimeException e) {
                hosts.close();
                throw e;
            }
            return hosts;
        }
    }

    private void build(String... names) throws IOException {
        String hub = null;
        for (String name : names) {
            String ns = namespace(name);
            must("netns", "add", ns);
            namespaces.add(ns);
            must("-n", ns, "link", "set", "lo", "up");
            hosts.put(name, hosts.size() + 1);
            if (hub == null) {
                hub = ns;
                must("-n", hub, "link", "add", link("br"), "type", "bridge");
                must("-n", hub, "addr", "add", address(name) + "/24", "dev", link("br"));
                must("-n", hub, "link", "set", link("br"), "up");
                continue;
            }
            // the host's end of its cable, and the bridge's port at the other end
            must("link", "add", link(name), "netns", ns, "type", "veth", "peer", "name", link(name + "p"), "netns", hub);
            must("-n", hub, "link", "set", link(name + "p"), "master", link("br"), "up");
            must("-n", ns, "addr", "add", address(name) + "/24", "dev", link(name));
            must("-n", ns, "link", "set", link(name), "up");
        }
        // this JVM's own cable onto the bridge, so that the test reads the database as any host does
        must("link", "add", link("t"), "type", "veth", "peer", "name", link("tp"), "netns", hub);
        must("-n", hub, "link", "set", link("tp"), "master", link("br"), "up");
        must("addr", "add", "198.18." + subnet + ".254/24", "dev", link("t"));
        must("link", "set", link("t"), "up");
    }

    /** The host's address on the bridge. */
    String address(String host) {
        return "198.18." + subnet + "." + hosts.get(host);
    }

    /**
     * The command prefix that runs a program on the host: in its network namespace, and under a host
     * name of its own ({@code flowp-TAG-HOST}, in a UTS namespace), as on another machine.
     */
    List<String> launcher(String host) {
        return List.of("ip", "netns", "exec", namespace(host), "unshare", "--uts", "sh", "-c", "echo \"$0\" > /proc/sys/kernel/hostname && exec \"$@\"", namespace(host));
    }

    /** Runs a program on the host and returns what it printed; an exit other than 0 is an IOException with its output. */
    String exec(String host, String... args) throws IOException {
        var command = new ArrayList<>(launcher(host));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        try {
            if (p.waitFor() != 0) {
                throw new IOException(String.join(" ", args) + " on " + host + " failed (exit " + p.exitValue() + "):\n" + out);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(String.join(" ", args) + " on " + host + ": interrupted");
        }
        return out;
    }

    /** Unplugs the host's cable: its end of the link goes down, so nothing reaches it or leaves it. */
    void cut(String host) throws IOException {
        must("-n", namespace(host), "link", "set", link(host), "down");
    }

    /** Plugs the host's cable back in. */
    void restore(String host) throws IOException {
        must("-n", namespace(host), "link", "set", link(host), "up");
    }

    /** The host's name, as programs on it see it ({@link #launcher}). */
    String hostName(String host) {
        return namespace(host);
    }

    private String namespace(String host) {
        return "flowp-" + tag + "-" + host;
    }

    /** Interface names stay within Linux's 15 characters: fp, the six-digit tag, a short suffix. */
    private String link(String suffix) {
        return "fp" + tag + suffix;
    }

    /** Deletes the namespaces (their links go with them) and this JVM's own cable. */
    @Override
    public void close() {
        remove();
        try {
            Runtime.getRuntime().removeShutdownHook(atExit);
        } catch (IllegalStateException e) {
            // the JVM is exiting: the hook runs (or ran) the same removal
        }
    }

    private synchronized void remove() {
        if (removed) {
            return;
        }
        removed = true;
        try {
            ip("link", "delete", link("t"));
            for (String ns : namespaces) {
                ip("netns", "delete", ns);
            }
        } catch (IOException e) {
            // nothing was made that could be removed
        }
    }

    private static void must(String... args) throws IOException {
        String failed = ip(args);
        if (failed != null) {
            throw new IOException("ip " + String.join(" ", args) + ": " + failed.strip());
        }
    }

    /** Runs {@code ip ARGS}; null when it succeeded, else what it said. */
    private static String ip(String... args) throws IOException {
        var command = new ArrayList<String>();
        command.add("ip");
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        try {
            if (!p.waitFor(30, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return "did not finish in 30 s";
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted";
        }
        return p.exitValue() == 0 ? null : out + " (exit " + p.exitValue() + ")";
    }

    private static String run(List<String> command) throws IOException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        return new String(p.getInputStream().readAllBytes());
    }
}
