# Completion of flow's verbs and options in zsh, through zsh's emulation of bash completion
# (bashcompinit) and the bash script beside this file, which picocli generates from flow's
# command definitions. In ~/.zshrc:  source /path/to/flow/completions/flow.zsh
autoload -U +X compinit && compinit
autoload -U +X bashcompinit && bashcompinit
source "${0:A:h}/flow.bash"
