#!/usr/bin/perl
# Decode the result frames of a dlcap guest's console (initramfs/init):
#   dlcap-file: PATH SHA256 / base64 of the gzipped file / dlcap-eof
# in one pass, as the console grows or after the fact.
#
# Usage: scripts/console-decode.pl OUTDIR [CONSOLE]
#   Reads CONSOLE (default: standard input, e.g. tail -F of a live console)
#   once, line by line. Top-level files (guest.txt, FAILED) land in OUTDIR
#   when they check out. Kernel lines printed between a frame's lines are
#   skipped; a frame cut short by the next dlcap- line does not check out.
#   A point's files are gathered in OUTDIR/.NAME.tmp
#   and renamed to OUTDIR/NAME at its "dlcap-init: done NAME" line (a later
#   boot in the same console replaces it); a frame
#   that does not decode or whose SHA-256 differs makes the point failed
#   (OUTDIR/NAME/FAILED says which). Prints "done NAME" or "failed NAME"
#   per point on standard output as it lands, and with --stamps FILE the
#   host time of every point's start line and of its first frame there
#   ("TIME start NAME" / "TIME file NAME"), for the runner's per-point cost.
# Exit status: 0; 2 on bad usage.
use strict;
use warnings;
use Digest::SHA;
use File::Path qw(make_path remove_tree);
use File::Basename qw(dirname);
use IO::Uncompress::Gunzip qw(gunzip $GunzipError);
use MIME::Base64 qw(decode_base64);
use Time::HiRes qw(time);

my $stamps;
if (@ARGV >= 2 && $ARGV[0] eq '--stamps') {
	(undef, $stamps) = splice(@ARGV, 0, 2);
}
@ARGV == 1 || @ARGV == 2 or do {
	print STDERR "usage: console-decode.pl [--stamps FILE] OUTDIR [CONSOLE]\n";
	exit 2;
};
my ($out, $console) = @ARGV;
make_path($out);
my $in = \*STDIN;
if (defined $console) {
	open($in, '<', $console) or do { print STDERR "console-decode: $console: $!\n"; exit 2 };
}
my $st;
if (defined $stamps) {
	open($st, '>>', $stamps) or do { print STDERR "console-decode: $stamps: $!\n"; exit 2 };
	$st->autoflush(1);
}
STDOUT->autoflush(1);

my ($path, $sum, $b64);	# the frame being read, if any
my $current;		# the point whose start line came last
my %bad;		# point => [paths that did not check out]
my %stamped;		# point => its first frame was stamped

sub point_of { my ($p) = @_; return $p =~ m{^([^/]+)/} ? $1 : undef; }

# finish_frame: the frame of $path is complete; decode and check it.
sub finish_frame {
	my $data = decode_base64($b64);
	my $plain;
	my $ok = gunzip(\$data => \$plain) && defined $plain &&
		Digest::SHA::sha256_hex($plain) eq $sum;
	my $n = point_of($path);
	my $dest = defined $n ? "$out/.$n.tmp/" . substr($path, length($n) + 1) : "$out/.$path.tmp";
	if (!$ok) {
		push @{$bad{$n}}, $path if defined $n;
		return;
	}
	make_path(dirname($dest));
	open(my $f, '>', $dest) or die "console-decode: $dest: $!\n";
	print $f $plain;
	close($f) or die "console-decode: $dest: $!\n";
	rename($dest, "$out/$path") or die "console-decode: $out/$path: $!\n" if !defined $n;
}

# finish_point NAME: its done line was read; put it in place whole.
sub finish_point {
	my ($n) = @_;
	my $tmp = "$out/.$n.tmp";
	remove_tree("$out/$n");	# a saved console's later boot ran it again
	make_path($tmp);
	if ($bad{$n}) {
		open(my $f, '>', "$tmp/FAILED") or die "console-decode: $tmp/FAILED: $!\n";
		print $f "the console transfer of @{$bad{$n}} did not check out (SHA-256)\n";
		close($f);
	}
	rename($tmp, "$out/$n") or die "console-decode: $out/$n: $!\n";
	print(($bad{$n} ? 'failed' : 'done'), " $n\n");
	delete $bad{$n};
}

while (my $line = <$in>) {
	$line =~ s/\r?\n\z//;
	if (defined $path) {
		if ($line eq 'dlcap-eof') {
			finish_frame();
			undef $path;
			next;
		}
		if ($line !~ /^dlcap-/) {
			# base64 has no spaces: any other line is the kernel's,
			# printed between two of the frame's lines
			$b64 .= $line if $line =~ m{^[A-Za-z0-9+/=]+$};
			next;
		}
		# a frame cut short (the guest died in it): it does not check out
		my $n = point_of($path);
		push @{$bad{$n}}, $path if defined $n;
		undef $path;
	}
	if ($line =~ /^dlcap-file: (\S+) ([0-9a-f]{64})$/) {
		($path, $sum, $b64) = ($1, $2, '');
		my $n = point_of($path);
		if ($st && defined $n && !$stamped{$n}++) {
			printf $st "%.3f file %s\n", time(), $n;
		}
	} elsif ($line =~ /^dlcap-file:/) {
		# a header the kernel's printk cut in two: its frame is lost
		push @{$bad{$current}}, "a frame (its header was garbled)" if defined $current;
	} elsif ($line =~ /^dlcap-init: start ([^:]+):/) {
		$current = $1;
		remove_tree("$out/.$1.tmp");	# a point restarted by a reboot
		delete $bad{$1};
		delete $stamped{$1};
		printf $st "%.3f start %s\n", time(), $1 if $st;
	} elsif ($line =~ /^dlcap-init: done ([^:]+):/) {
		finish_point($1);
	}
}
exit 0;
