package dev.flow.engine.exec;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** The ends of output files: what the database keeps of a process's stdout and stderr. */
public final class Tails {
    private Tails() {}

    /** How much of each stream the result keeps inline. */
    public static final int TAIL_BYTES = 4096;

    /** The last {@code max} bytes of a file as text (a cut character becomes U+FFFD); "" when missing. */
    public static String tail(Path file, int max) {
        try {
            if (!Files.exists(file)) {
                return "";
            }
            try (var raf = new RandomAccessFile(file.toFile(), "r")) {
                long len = raf.length();
                int n = (int) Math.min(len, max);
                byte[] buf = new byte[n];
                raf.seek(len - n);
                raf.readFully(buf);
                return decode(buf);
            }
        } catch (IOException e) {
            return "";
        }
    }

    /** The size of a file in bytes; 0 when it is missing or cannot be read. */
    public static long size(Path file) {
        try {
            return Files.exists(file) ? Files.size(file) : 0;
        } catch (IOException e) {
            return 0;
        }
    }

    /** The first {@code max} bytes of the file as text; "" when it cannot be read. */
    public static String head(Path file, int max) {
        try (var in = Files.newInputStream(file)) {
            return decode(in.readNBytes(max));
        } catch (IOException e) {
            return "";
        }
    }

    /** The whole file as text, up to {@code max} bytes from its end. */
    public static String read(Path file, int max) {
        return tail(file, max);
    }

    private static String decode(byte[] bytes) {
        try {
            return StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPLACE)
                    .onUnmappableCharacter(CodingErrorAction.REPLACE)
                    .decode(ByteBuffer.wrap(bytes))
                    .toString();
        } catch (CharacterCodingException e) {
            return new String(bytes, StandardCharsets.UTF_8);
        }
    }

    /** The last line that is not blank, trimmed; "" when there is none. */
    public static String lastLine(String text) {
        int end = text.length();
        while (end > 0) {
            int start = text.lastIndexOf('\n', end - 1);
            String line = text.substring(start + 1, end).strip();
            if (!line.isEmpty()) {
                return line;
            }
            end = Math.max(0, start);
            if (start < 0) {
                break;
            }
        }
        return "";
    }

    /** Text cut to {@code max} characters with an ellipsis. */
    /** The last {@code max} characters of {@code text} at most, "..." first when it was cut. */
    public static String end(String text, int max) {
        return text.length() <= max ? text : "..." + text.substring(text.length() - max + 3);
    }

    public static String clip(String text, int max) {
        return text.length() <= max ? text : text.substring(0, max - 3) + "...";
    }
}
