/**
 * Reading YAML with positions: {@link dev.flow.yaml.read.YamlReader} parses a text into a tree of
 * {@link dev.flow.yaml.read.YNode}s, each with the {@link dev.flow.model.SourceRef} of its text,
 * refusing hostile input ({@link dev.flow.yaml.read.YamlLimits}) and collecting comments;
 * {@link dev.flow.yaml.read.Fields} gives checked, typed access to a mapping's keys and reports
 * what the dialect readers find wrong through {@link dev.flow.yaml.read.Problems};
 * {@link dev.flow.yaml.read.CommentAttacher} attaches comments to the elements they document.
 */
package dev.flow.yaml.read;
