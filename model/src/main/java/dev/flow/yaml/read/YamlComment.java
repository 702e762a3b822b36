package dev.flow.yaml.read;

import dev.flow.model.SourceRef;

/**
 * A {@code # comment} of a YAML file.
 *
 * @param text what follows the {@code #} and one space, without trailing blanks
 * @param ownLine whether the comment is alone on its line (otherwise it follows some YAML)
 */
public record YamlComment(String text, boolean ownLine, SourceRef source) {

    public int line() {
        return source.line();
    }
}
