package dev.flow.yaml;

import dev.flow.frontend.Compilation;
import dev.flow.frontend.FrontEnd;
import dev.flow.frontend.LoadOptions;
import dev.flow.frontend.SourceFile;

/**
 * Reads {@code .yaml} and {@code .yml} workflows in either dialect (see {@link YamlWorkflowReader}),
 * honouring {@code --gates} and {@code --dialect}.
 */
public final class YamlFrontEnd implements FrontEnd {

    @Override
    public String name() {
        return "yaml";
    }

    @Override
    public boolean handles(String extension) {
        return extension.equals("yaml") || extension.equals("yml");
    }

    @Override
    public Compilation load(SourceFile file, LoadOptions options) {
        return YamlWorkflowReader.read(file, options).toCompilation();
    }
}
