package dev.flow.studio;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * A file of a run's artifact folder as text, from a byte offset: the page follows a running step's
 * output by asking again from the offset the last answer gave. One answer carries at most
 * {@link #CHUNK} bytes; a first look at a large file starts at its last {@link #CHUNK} bytes and says
 * how many came before. Only plain files directly in the folder, reached through no link, are read.
 */
final class LogTail {
    /** The most one answer carries, and how much of a large file's end a first look shows. */
    static final int CHUNK = 64 * 1024;
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_][A-Za-z0-9._-]{0,120}");

    private LogTail() {}

    /**
     * @param root the artifacts folder, under which no link is followed
     * @param from the byte offset to read from; negative for the file's end (its last {@link #CHUNK} bytes)
     */
    static Map<String, Object> read(Path root, Path runDir, String name, long from) throws IOException {
        Path file = file(root, runDir, name);
        var out = new LinkedHashMap<String, Object>();
        out.put("file", name);
        if (file == null) {
            out.put("exists", false);
            out.put("text", "");
            out.put("from", 0L);
            out.put("next", 0L);
            out.put("size", 0L);
            return out;
        }
        try (var in = new RandomAccessFile(file.toFile(), "r")) {
            long size = in.length();
            long start = from < 0 ? Math.max(0, size - CHUNK) : Math.min(from, size);
            int length = (int) Math.min(CHUNK, size - start);
            byte[] bytes = new byte[length];
            in.seek(start);
            in.readFully(bytes);
            int kept = wholeCharacters(bytes, length);
            int skip = start > 0 && from < 0 ? afterPartialCharacter(bytes, kept) : 0;
            out.put("exists", true);
            out.put("text", new String(bytes, skip, kept - skip, StandardCharsets.UTF_8));
            out.put("from", start + skip);
            out.put("next", start + kept);
            out.put("size", size);
        }
        return out;
    }

    /**
     * The file, when its name is plain and it is a plain file reached from {@code root} through no
     * link; null when there is none. Steps may write in their execution's artifact folder
     * ({@code FLOW_RUNS_DIR}): one could leave a link there, or make a run's folder a link to anywhere.
     */
    static Path file(Path root, Path runDir, String name) {
        if (name == null || !NAME.matcher(name).matches() || name.contains("..")) {
            throw new HttpProblem(400, "\"" + name + "\" is not a file name of a run's folder");
        }
        Path file = runDir.resolve(name);
        return Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS) && linkFree(root, file) ? file : null;
    }

    /** Whether {@code path} lies under {@code root} with no link on the way (root's own path may hold links). */
    static boolean linkFree(Path root, Path path) {
        try {
            Path base = root.toAbsolutePath().normalize();
            Path normal = path.toAbsolutePath().normalize();
            return normal.startsWith(base) && path.toRealPath().equals(base.toRealPath().resolve(base.relativize(normal)));
        } catch (IOException e) {
            return false;
        }
    }

    /** How many of the bytes end on a whole UTF-8 character (a character cut at the end waits for the next answer). */
    private static int wholeCharacters(byte[] bytes, int length) {
        int i = length - 1;
        int back = 0;
        while (i >= 0 && back < 4 && (bytes[i] & 0xC0) == 0x80) {
            i--;
            back++;
        }
        if (i < 0) {
            return length;
        }
        int lead = bytes[i] & 0xFF;
        int need = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1;
        return length - i >= need ? length : i;
    }

    /** Where the first whole character starts, when reading began in the middle of one. */
    private static int afterPartialCharacter(byte[] bytes, int length) {
        int i = 0;
        while (i < length && i < 4 && (bytes[i] & 0xC0) == 0x80) {
            i++;
        }
        return i;
    }
}
