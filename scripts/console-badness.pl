#!/usr/bin/perl
# Kernel errors on a dlcap guest's console, outside the result frames
# (base64 can spell "Oops" and "BUG:"; frame bodies are skipped).
# Usage: scripts/console-badness.pl [CONSOLE]   (default: standard input,
#   e.g. tail -F of a live console; read line by line and reported at once,
#   which awk, reading pipes in blocks, did not do)
# Prints "LINE: text" per error line, as found. Exit status: 0 when it
# printed one, 1 when the console has none (as grep).
use strict;
use warnings;

my $re = qr/Kernel panic|BUG:|WARNING:|Oops|rcu.*stall|INFO: task .* blocked|Unable to handle kernel/;
my ($inframe, $found) = (0, 0);
STDOUT->autoflush(1);
while (my $line = <>) {
	$line =~ s/\r?\n\z//;
	if ($line =~ /^dlcap-file: /) { $inframe = 1; next; }
	if ($line =~ /^dlcap-/) { $inframe = 0; next; }
	next if $inframe && $line =~ m{^[A-Za-z0-9+/=]+$};
	if ($line =~ $re) {
		print "$.: $line\n";
		$found = 1;
	}
}
exit($found ? 0 : 1);
