package dev.flow.yaml.read;

/**
 * What the YAML reader refuses before it reads further, so that hostile input (alias bombs, deep
 * nesting, huge files or scalars) costs little and ends in a diagnostic ({@code FLOW002}).
 *
 * @param maxChars the longest text read, in chars
 * @param maxDepth how deeply collections may nest
 * @param maxScalarChars the longest single scalar, in chars
 * @param maxExpandedNodes how many nodes the document may stand for once aliases are expanded
 */
public record YamlLimits(int maxChars, int maxDepth, int maxScalarChars, long maxExpandedNodes) {

    /**
     * 32 Mi chars (a 100,000-node workflow is about 20 MB of YAML), 64 levels (workflows need about
     * 10), 1 Mi chars per scalar (the longest prompt), 4 million nodes after aliases.
     */
    public static final YamlLimits DEFAULT = new YamlLimits(32 * 1024 * 1024, 64, 1024 * 1024, 4_000_000L);
}
