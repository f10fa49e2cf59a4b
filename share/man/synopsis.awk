# The generator's first SYNOPSIS reads `waterfall subcommand [path] [options]`, as if a subcommand were needed:
# the viewer is the default (as `waterfall --help` says), so it reads `waterfall [path] [options]`, then a line
# `waterfall subcommand [options]` for the subcommands.
/^\.Sh SYNOPSIS/ { synopsis++ }
synopsis == 1 && !done && /^\.Ar subcommand$/ { inRoot = 1; next }
inRoot && /^\.Sh / { print ".Nm"; print ".Ar subcommand"; print ".Op Ar options"; inRoot = 0; done = 1 }
{ print }
