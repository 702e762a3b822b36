package dev.flow.store.postgres;

import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * A {@code postgresql://user@host:port/database} address as {@code --db} takes it (also {@code
 * postgres://}, as libpq does). What it leaves out comes from the standard variables {@code
 * PGUSER}, {@code PGHOST}, {@code PGPORT}, {@code PGDATABASE}; the password from the URL, else
 * {@code PGPASSWORD}, else the driver reads {@code ~/.pgpass} ({@code PGPASSFILE}). The password
 * never appears in {@link #toString()}.
 *
 * @param params query parameters passed to the driver as they are ({@code sslmode=require}, ...)
 */
public record PgUrl(String user, String password, String host, int port, String database, Map<String, String> params) {

    /** Whether {@code text} is meant as a PostgreSQL address rather than a file path. */
    public static boolean looksLikeOne(String text) {
        return text != null && (text.startsWith("postgresql:") || text.startsWith("postgres:"));
    }

    /**
     * The URL parameter that sets how a commit waits for the server's disk ({@code synchronous_commit},
     * docs/runtime.md): Flow applies it to each of its connections rather than passing it to the driver.
     */
    static final String SYNCHRONOUS_COMMIT = "synchronous_commit";
    static final List<String> SYNCHRONOUS_COMMIT_VALUES = List.of("off", "local", "remote_write", "on", "remote_apply");

    /** The {@code synchronous_commit} the URL asks for; null when it says nothing (then {@code --durability} decides). */
    public String synchronousCommit() {
        return params.get(SYNCHRONOUS_COMMIT);
    }

    /** Parses an address; throws {@link IllegalArgumentException} with a message for people. */
    public static PgUrl parse(String text, Function<String, String> env) {
        URI uri;
        try {
            uri = new URI(text);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("\"" + shown(text) + "\" is not a PostgreSQL URL (" + e.getReason()
                    + "); write postgresql://USER@HOST:PORT/DATABASE");
        }
        if (!looksLikeOne(text) || uri.getRawAuthority() == null && uri.getRawPath() == null) {
            throw new IllegalArgumentException("\"" + shown(text) + "\" is not a PostgreSQL URL; write postgresql://USER@HOST:PORT/DATABASE");
        }
        String user = null;
        String password = null;
        String info = uri.getRawUserInfo();
        if (info != null) {
            int colon = info.indexOf(':');
            user = decode(colon < 0 ? info : info.substring(0, colon));
            password = colon < 0 ? null : decode(info.substring(colon + 1));
        }
        String host = uri.getHost();
        if (uri.getRawAuthority() != null && host == null) {
            throw new IllegalArgumentException("\"" + shown(text) + "\" is not a PostgreSQL URL Flow can read (no host name, or a port that is not a number); "
                    + "write postgresql://USER@HOST:PORT/DATABASE");
        }
        int port = uri.getPort();
        String path = uri.getRawPath() == null ? "" : uri.getRawPath();
        String database = path.startsWith("/") ? decode(path.substring(1)) : decode(path);
        if (database.contains("/")) {
            throw new IllegalArgumentException("\"" + shown(text) + "\" names the database \"" + database
                    + "\"; a database name has no \"/\": write postgresql://USER@HOST:PORT/DATABASE");
        }
        var params = new LinkedHashMap<String, String>();
        if (uri.getRawQuery() != null) {
            for (String pair : uri.getRawQuery().split("&")) {
                if (pair.isEmpty()) {
                    continue;
                }
                int eq = pair.indexOf('=');
                params.put(decode(eq < 0 ? pair : pair.substring(0, eq)), eq < 0 ? "" : decode(pair.substring(eq + 1)));
            }
        }
        String sync = params.get(SYNCHRONOUS_COMMIT);
        if (sync != null && !SYNCHRONOUS_COMMIT_VALUES.contains(sync)) {
            throw new IllegalArgumentException("\"" + shown(text) + "\" sets " + SYNCHRONOUS_COMMIT + " to \"" + sync + "\"; use one of "
                    + String.join(", ", SYNCHRONOUS_COMMIT_VALUES) + " (docs/runtime.md, PostgreSQL)");
        }
        user = orElse(user, env.apply("PGUSER"), env.apply("USER"));
        host = orElse(host, env.apply("PGHOST"), "localhost");
        if (port < 0) {
            String p = env.apply("PGPORT");
            try {
                port = p == null || p.isBlank() ? 5432 : Integer.parseInt(p.strip());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("PGPORT is \"" + p + "\", not a port number");
            }
        }
        database = orElse(database.isEmpty() ? null : database, env.apply("PGDATABASE"), user);
        password = orElse(password, env.apply("PGPASSWORD"), null);
        if (user == null) {
            throw new IllegalArgumentException("\"" + shown(text) + "\" names no user, and neither PGUSER nor USER is set; "
                    + "write postgresql://USER@HOST:PORT/DATABASE");
        }
        return new PgUrl(user, password, host, port, database, Map.copyOf(params));
    }

    /** The address for the JDBC driver; user and password go separately. */
    String jdbc() {
        var sb = new StringBuilder("jdbc:postgresql://");
        sb.append(host.contains(":") ? "[" + host + "]" : host).append(':').append(port).append('/').append(encode(database));
        return sb.toString();
    }

    /** The address without its password: what messages and {@code FLOW_DB} show. */
    @Override
    public String toString() {
        return "postgresql://" + encode(user) + "@" + (host.contains(":") ? "[" + host + "]" : host) + ":" + port + "/" + encode(database)
                + (params.isEmpty() ? "" : "?" + String.join("&", params.entrySet().stream()
                        .filter(e -> !e.getKey().equalsIgnoreCase("password"))
                        .map(e -> encode(e.getKey()) + "=" + encode(e.getValue())).toList()));
    }

    /** The text given, with any password in it replaced, for messages. */
    static String shown(String text) {
        return text.replaceAll("(://[^/@:]*):[^/@]*@", "$1:***@").replaceAll("(?i)(password=)[^&]*", "$1***");
    }

    private static String orElse(String a, String b, String c) {
        if (a != null && !a.isEmpty()) {
            return a;
        }
        return b != null && !b.isEmpty() ? b : c;
    }

    private static String decode(String s) {
        return URLDecoder.decode(s.replace("+", "%2B"), StandardCharsets.UTF_8);
    }

    private static String encode(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8).replace("+", "%20");
    }
}
