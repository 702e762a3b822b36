package dev.flow.yaml.read;

import dev.flow.model.SourceRef;
import java.nio.file.Path;
import java.util.List;

/** Small helpers both dialect readers use for the workflow as a whole. */
public final class WorkflowIds {
    private WorkflowIds() {}

    /** The id a workflow without one gets: its file name without the extension. */
    public static String fromFile(String file) {
        String name = Path.of(file.isEmpty() ? "workflow" : file).getFileName().toString();
        int dot = name.lastIndexOf('.');
        return dot > 0 ? name.substring(0, dot) : name;
    }

    /** Where diagnostics about the document as a whole point: its first key, or its start. */
    public static SourceRef firstKey(YMap map) {
        List<YEntry> entries = map.entries();
        return entries.isEmpty() ? map.source() : entries.get(0).key().source();
    }

    /** Registers every top-level key as a section that comments can attach to. */
    public static void registerSections(YMap root, CommentAttacher comments) {
        for (YEntry e : root.entries()) {
            comments.add(new YamlComments.Target(YamlComments.Kind.SECTION, e.name()), e.span());
        }
    }
}
