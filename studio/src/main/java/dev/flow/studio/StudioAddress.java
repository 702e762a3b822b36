package dev.flow.studio;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.security.SecureRandom;
import java.util.Base64;

/**
 * Where the studio listens and the token it asks for. On a loopback address only this machine's
 * users reach it, so no token is needed unless one is given; anywhere else a token is required:
 * the one given, or a new random one.
 *
 * @param token null when requests need none
 */
public record StudioAddress(String host, int port, String token) {
    /** The address the studio listens on unless told otherwise. */
    public static final String LOOPBACK = "127.0.0.1";

    private static final SecureRandom RANDOM = new SecureRandom();

    public StudioAddress {
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("the port must be between 0 and 65535, not " + port);
        }
        if (token != null && token.isBlank()) {
            throw new IllegalArgumentException("the token must not be empty");
        }
    }

    /**
     * The address for {@code host} and {@code port} (0: any free port), with {@code token} when
     * given, else a new random token when {@code host} is not a loopback address.
     */
    public static StudioAddress of(String host, int port, String token) {
        String h = host == null ? LOOPBACK : host;
        return new StudioAddress(h, port, token != null || isLoopback(h) ? token : newToken());
    }

    /** Whether {@code host} names this machine's loopback interface only. */
    public static boolean isLoopback(String host) {
        try {
            return InetAddress.getByName(host).isLoopbackAddress();
        } catch (UnknownHostException e) {
            return false;
        }
    }

    /** 192 random bits, URL-safe. */
    static String newToken() {
        byte[] bytes = new byte[24];
        RANDOM.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }
}
