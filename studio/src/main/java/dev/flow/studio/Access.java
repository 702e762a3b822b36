package dev.flow.studio;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Locale;
import org.eclipse.jetty.http.HttpCookie;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Request;

/**
 * Who may use the studio. With a token, every request (page, API, stream) carries it: as
 * {@code ?token=} in the URL the studio prints, after which a cookie holds it, or as
 * {@code Authorization: Bearer TOKEN}. Without one (the loopback default) the Host header must name
 * this machine, so that a web page elsewhere cannot reach it by a DNS name of its own. Changes
 * (answers, cancels) come as JSON from this origin only: a page on another site can neither send
 * that content type without the studio's consent nor pass the Origin check.
 */
final class Access {
    static final String COOKIE = "flow_studio_token";
    static final String QUERY = "token";

    private final String token;

    Access(String token) {
        this.token = token;
    }

    /** Refuses the request when it lacks the token, or comes through a foreign Host on loopback. */
    void check(Request request) {
        if (token == null) {
            String host = request.getHeaders().get(HttpHeader.HOST);
            if (host == null || !namesThisMachine(hostName(host))) {
                throw new HttpProblem(403, "the studio answers only requests for this machine (Host: " + host + ")");
            }
            return;
        }
        if (!matches(given(request))) {
            throw new HttpProblem(401, "this studio needs its token: open the URL flow studio printed");
        }
    }

    /** Refuses a change that does not come as JSON from the studio's own page. */
    void checkChange(Request request) {
        String type = request.getHeaders().get(HttpHeader.CONTENT_TYPE);
        if (type == null || !type.toLowerCase(Locale.ROOT).startsWith("application/json")) {
            throw new HttpProblem(415, "changes are sent as application/json");
        }
        String origin = request.getHeaders().get(HttpHeader.ORIGIN);
        String site = request.getHeaders().get("Sec-Fetch-Site");
        String host = request.getHeaders().get(HttpHeader.HOST);
        if (site != null && !site.equalsIgnoreCase("same-origin")) {
            throw new HttpProblem(403, "changes come from the studio's own page only, not from a " + site + " page");
        }
        if (origin == null) {
            if (site == null) {
                throw new HttpProblem(403, "a change must say where it comes from: send Origin naming the studio (as browsers do)");
            }
            return;
        }
        if (host == null || !host.equalsIgnoreCase(authority(origin))) {
            throw new HttpProblem(403, "changes come from the studio's own page only, not from " + origin);
        }
    }

    /** The host and port of an Origin header; a malformed one is refused, not a failure of the studio. */
    private static String authority(String origin) {
        try {
            String authority = new URI(origin).getRawAuthority();
            if (authority == null) {
                throw new HttpProblem(400, "the Origin header is not an origin (scheme://host:port)");
            }
            return authority;
        } catch (URISyntaxException e) {
            throw new HttpProblem(400, "the Origin header is not an origin (scheme://host:port)");
        }
    }

    /** The request's path and query without the token: where a page that came with it is sent. */
    String withoutToken(Request request) {
        String path = request.getHttpURI().getPath();
        String query = request.getHttpURI().getQuery();
        if (query == null) {
            return path;
        }
        var kept = new StringBuilder();
        for (String pair : query.split("&")) {
            if (!pair.equals(QUERY) && !pair.startsWith(QUERY + "=") && !pair.isEmpty()) {
                kept.append(kept.length() == 0 ? "?" : "&").append(pair);
            }
        }
        return path + kept;
    }

    /** Whether the token came in the URL, so the response should keep it in a cookie. */
    boolean cameInUrl(Request request) {
        return token != null && token.equals(Request.extractQueryParameters(request).getValue(QUERY));
    }

    /** The cookie that keeps the token for the page's own requests. */
    HttpCookie cookie() {
        return HttpCookie.build(COOKIE, token).path("/").httpOnly(true).sameSite(HttpCookie.SameSite.STRICT).build();
    }

    private static String given(Request request) {
        String query = Request.extractQueryParameters(request).getValue(QUERY);
        if (query != null) {
            return query;
        }
        String auth = request.getHeaders().get(HttpHeader.AUTHORIZATION);
        if (auth != null && auth.startsWith("Bearer ")) {
            return auth.substring("Bearer ".length()).trim();
        }
        for (HttpCookie c : Request.getCookies(request)) {
            if (c.getName().equals(COOKIE)) {
                return c.getValue();
            }
        }
        return null;
    }

    private boolean matches(String given) {
        // compared in constant time, so the time taken tells nothing about the token
        return given != null && MessageDigest.isEqual(given.getBytes(StandardCharsets.UTF_8), token.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * Whether a Host header's name is {@code localhost} or a loopback address literal. Names are
     * never looked up: a foreign name that resolves to 127.0.0.1 (DNS rebinding) is refused.
     */
    static boolean namesThisMachine(String name) {
        if (name.equalsIgnoreCase("localhost")) {
            return true;
        }
        boolean literal = name.contains(":") || name.matches("[0-9.]+");
        return literal && StudioAddress.isLoopback(name);
    }

    /** The host part of a Host header: {@code [::1]:8080} gives {@code ::1}, {@code localhost:80} {@code localhost}. */
    static String hostName(String hostHeader) {
        if (hostHeader.startsWith("[")) {
            int end = hostHeader.indexOf(']');
            return end < 0 ? hostHeader : hostHeader.substring(1, end);
        }
        int colon = hostHeader.lastIndexOf(':');
        return colon < 0 ? hostHeader : hostHeader.substring(0, colon);
    }
}
