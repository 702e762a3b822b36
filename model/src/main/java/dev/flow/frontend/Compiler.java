package dev.flow.frontend;

import dev.flow.check.Cascades;
import dev.flow.check.Checker;
import dev.flow.diagnostic.Code;
import dev.flow.diagnostic.Diagnostic;
import dev.flow.model.SourceRef;
import dev.flow.timing.Phases;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.ServiceLoader;

/**
 * Reads a workflow file in any format Flow knows and checks it: the pipeline behind
 * {@code flow check}, {@code flow compile}, {@code flow graph} and {@code flow run}.
 */
public final class Compiler {

    /** Files larger than this are refused before parsing (a 100,000-node workflow is about 10 MB). */
    public static final long MAX_FILE_BYTES = 64L * 1024 * 1024;

    private final List<FrontEnd> frontEnds;

    public Compiler(List<FrontEnd> frontEnds) {
        this.frontEnds = List.copyOf(frontEnds);
    }

    /** A compiler with the built-in front ends and every one found on the class path. */
    public static Compiler withInstalledFrontEnds() {
        var all = new ArrayList<FrontEnd>();
        // The language, YAML and compiled JSON register themselves (META-INF/services), so this
        // package names none of them.
        ServiceLoader.load(FrontEnd.class).forEach(all::add);
        Phases.mark("front ends found");
        return new Compiler(all);
    }

    /** The front end for a file, by its extension. */
    public Optional<FrontEnd> frontEndFor(String extension) {
        return frontEnds.stream().filter(f -> f.handles(extension)).findFirst();
    }

    /** Reads, converts and checks one file. Never throws for bad input. */
    public Compilation compile(Path file, String displayName, LoadOptions options) {
        var read = read(file, displayName);
        if (read.diagnostic != null) {
            var empty = new SourceFile(file, displayName, "");
            return new Compilation(empty, Optional.empty(), List.of(read.diagnostic), null);
        }
        return compile(read.source, options);
    }

    /** Converts and checks text that is already in memory (an editor buffer, a test). */
    public Compilation compile(SourceFile source, LoadOptions options) {
        Optional<FrontEnd> frontEnd = frontEndFor(source.extension());
        if (frontEnd.isEmpty()) {
            var known = frontEnds.stream().map(FrontEnd::name).toList();
            return new Compilation(source, Optional.empty(), List.of(Diagnostic.of(Code.UNREADABLE_INPUT,
                    "\"" + source.displayName() + "\" is not a workflow file: Flow reads .flow, .yaml, .yml and compiled .json files (front ends: "
                            + String.join(", ", known) + ")",
                    SourceRef.of(source.displayName(), 0, 0, 1, 1))), null);
        }
        Compilation loaded = frontEnd.get().load(source, options);
        Phases.mark(frontEnd.get().name() + " front end read");
        if (loaded.graph().isEmpty()) {
            return loaded;
        }
        var all = new ArrayList<>(loaded.diagnostics());
        all.addAll(Cascades.without(Checker.check(loaded.graph().get()), loaded.diagnostics(), loaded.misread()));
        Phases.mark("checked");
        return new Compilation(loaded.source(), loaded.graph(), all, loaded.sources(), loaded.misread());
    }

    private record Read(SourceFile source, Diagnostic diagnostic) {}

    private static Read read(Path file, String displayName) {
        SourceRef top = SourceRef.of(displayName, 0, 0, 1, 1);
        try {
            // A FIFO with no writer would block this read for ever; a device or socket is no file.
            if (Files.exists(file) && !Files.isRegularFile(file)) {
                return new Read(null, Diagnostic.of(Code.UNREADABLE_INPUT, "\"" + displayName + "\" is not a regular file (" + kindOf(file)
                        + "); Flow reads workflows from files", top));
            }
            long size = Files.size(file);
            if (size > MAX_FILE_BYTES) {
                return new Read(null, Diagnostic.of(Code.INPUT_TOO_LARGE, String.format(
                        "\"%s\" is %,d bytes; Flow reads workflow files of at most %,d bytes", displayName, size, MAX_FILE_BYTES), top));
            }
            byte[] bytes = Files.readAllBytes(file);
            return new Read(new SourceFile(file, displayName, decodeUtf8(bytes, displayName)), null);
        } catch (NoSuchFileException e) {
            return new Read(null, Diagnostic.of(Code.UNREADABLE_INPUT, "\"" + displayName + "\" does not exist", top));
        } catch (NotUtf8Exception e) {
            return new Read(null, Diagnostic.of(Code.UNREADABLE_INPUT, e.getMessage(), e.at));
        } catch (IOException e) {
            String why = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
            return new Read(null, Diagnostic.of(Code.UNREADABLE_INPUT, "\"" + displayName + "\" cannot be read: " + why, top));
        }
    }

    private static String kindOf(Path file) {
        if (Files.isDirectory(file)) {
            return "a folder";
        }
        try {
            Object type = Files.readAttributes(file, "unix:mode").get("mode");
            int mode = type instanceof Integer m ? m & 0170000 : 0;
            return switch (mode) {
                case 0010000 -> "a named pipe";
                case 0140000 -> "a socket";
                case 0020000, 0060000 -> "a device";
                default -> "not a plain file";
            };
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            return "not a plain file";
        }
    }

    /** Decodes strictly, so that a file with bytes that are not UTF-8 is refused with their position. */
    public static String decodeUtf8(byte[] bytes, String displayName) throws NotUtf8Exception {
        var decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        try {
            String text = decoder.decode(ByteBuffer.wrap(bytes)).toString();
            return text.startsWith("\uFEFF") ? text.substring(1) : text;
        } catch (CharacterCodingException e) {
            int bad = firstBadByte(bytes);
            int line = 1;
            int column = 1;
            for (int i = 0; i < bad; i++) {
                if (bytes[i] == '\n') {
                    line++;
                    column = 1;
                } else if ((bytes[i] & 0xC0) != 0x80) {
                    column++;
                }
            }
            throw new NotUtf8Exception(String.format("\"%s\" is not UTF-8: byte 0x%02X at line %d, column %d cannot be decoded; save the file as UTF-8",
                    displayName, bytes[bad] & 0xFF, line, column), SourceRef.of(displayName, bad, 1, line, column));
        }
    }

    private static int firstBadByte(byte[] bytes) {
        var decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        var in = ByteBuffer.wrap(bytes);
        var out = CharBuffer.allocate(bytes.length + 1);
        var result = decoder.decode(in, out, true);
        return result.isError() ? in.position() : 0;
    }

    /** Bytes that are not UTF-8, with the position of the first bad byte. */
    public static final class NotUtf8Exception extends Exception {
        private static final long serialVersionUID = 1L;
        final transient SourceRef at;

        /** Where the first byte that cannot be decoded is. */
        public SourceRef at() {
            return at;
        }

        NotUtf8Exception(String message, SourceRef at) {
            super(message);
            this.at = at;
        }
    }
}
