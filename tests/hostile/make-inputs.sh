#!/usr/bin/env bash
# make-inputs.sh DIR FIXTURES: write the hostile input files of scripts/hostile.sh into DIR (truncated, garbage,
# edge and huge files of every reader, and things that are not regular files). Deterministic.
set -eu
D=$1; FX=$2
mkdir -p "$D"; cd "$D"
p() { printf "$@"; }

# Not regular files, and files that are hard to read.
mkdir dir dir.stg dir.cfg dir.xml
mkfifo fifo fifo.stg fifo.cfg fifo.xml fifo.csv fifo.tab fifo.part
mknod chardev c 1 3                      # a copy of /dev/null's device numbers
ln -s /dev/zero zero.stg; ln -s /dev/zero zero.cfg; ln -s /dev/zero zero.xml; ln -s /dev/zero zero.csv
ln -s /dev/urandom urandom.stg
ln -s loop1 loop2; ln -s loop2 loop1     # a symlink loop
ln -s nowhere dangling.stg
ln -s "$FX/stg/small.stg" link.stg       # a symlink to a good input (accepted)
truncate -s 300M sparse.stg              # over the 256 MiB input limit, without using the disk
truncate -s 2M sparse.cfg                # over the 1 MiB scenario limit
truncate -s 80M sparse.xml               # over the 64 MiB platform limit
p '5\n' > unreadable.stg; chmod 000 unreadable.stg
: > empty
head -c 4096 /dev/zero > nul.bin
awk 'BEGIN { srand(7); for (i = 0; i < 8192; i++) printf "%c", int(rand() * 256) }' > garbage.bin
awk 'BEGIN { for (i = 0; i < 200000; i++) printf "%d ", i % 10; print "" }' > longline.stg

# STG (plain: id time npred preds...; comm: id time npred (pred cost)...)
stg() { p '3\n0 0 0\n1 %s 1 0\n2 2 1 1\n3 3 1 2\n4 0 1 3\n' "$1" > "stg_time_$2.stg"; }
stg -1 neg; stg 1e400 e400; stg nan nan; stg inf inf; stg 0x10 hex; stg 9223372036854775808 i64; stg 2.5 frac
stg '+3' plus; stg '３' fullwidth
p '3\n0 0 0\n1 4611686018427387904 1 0\n2 4611686018427387904 1 1\n3 4611686018427387904 1 2\n4 0 1 3\n' > stg_sum_overflow.stg
p '0\n0 0 0\n1 0 1 0\n' > stg_zero_tasks.stg
p -- '-1\n0 0 0\n' > stg_neg_count.stg
p '2\n0 0 0\n1 1 1 0\n1 1 1 0\n2 1 1 1\n3 0 1 2\n' > stg_dup_id.stg
p '2\n0 0 0\n2 1 1 0\n1 1 1 0\n3 0 2 1 2\n' > stg_unsorted.stg
p '2\n0 0 0\n1 1 1 1\n2 1 1 1\n3 0 1 2\n' > stg_self_pred.stg
p '2\n0 0 0\n1 1 99999999999 0\n2 1 1 1\n3 0 1 2\n' > stg_huge_npred.stg
p '2\n0 0 0\n1 1 -1 0\n2 1 1 1\n3 0 1 2\n' > stg_neg_npred.stg
p '2\n0 0 0\n1 1 1 0 junk\n2 1 1 1\n3 0 1 2\n' > stg_junk.stg
p '2\r\n0\t0\t0\r\n1\t1\t1\t0\r\n2\t1\t1\t1\r\n3\t0\t1\t2\r\n' > stg_tabs_crlf.stg
p '\xef\xbb\xbf2\n0 0 0\n1 1 1 0\n2 1 1 1\n3 0 1 2\n' > stg_bom.stg
p '\xef\xbb\xbf\xef\xbb\xbf2\n0 0 0\n1 1 1 0\n2 1 1 1\n3 0 1 2\n' > stg_double_bom.stg
p '2\n0 0 0\n1 1 1 0\n2 1 1 1\n3 0 1 2' > stg_no_final_newline.stg
p '2\n0 0 0\n1 1 1 0\n2 1 1 1\n3 0 1 2\n\0\n' > stg_nul_after.stg
p '2\n0 0 0\n1 1 1 0\n2 1\0 1 1\n3 0 1 2\n' > stg_nul_inside.stg
p '2\n0 0 0\n1 1 1 0\n2 1 1 1\n' > stg_no_exit.stg
p '50000000\n0 0 0\n' > stg_count_at_limit.stg
p '2\n0 0 0\n1 1 1 0 5\n2 1 1 1 nan\n3 0 1 2 0\n' > stg_comm_nan.stg
p '2\n0 0 0\n1 1 1 0 5\n2 1 1 1 1e400\n3 0 1 2 0\n' > stg_comm_e400.stg
p '2\n0 0 0\n1 1 1 0 5\n2 1 1 1 -4\n3 0 1 2 0\n' > stg_comm_neg.stg
p '2\n0 0 0\n1 1 1 0 5\n2 1 1 1 1e300\n3 0 1 2 1e300\n' > stg_comm_1e300.stg
awk 'BEGIN { n = 3000; print n; print "0 0 0"; for (i = 1; i <= n; i++) { printf "%d 1 %d", i, i; for (j = 0; j < i; j++) printf " %d", j; print "" }; printf "%d 0 1 %d\n", n + 1, n }' > stg_dense3000.stg
awk 'BEGIN { n = 20000; print n; print "0 0 0"; for (i = 1; i <= n; i++) printf "%d 1 1 %d\n", i, i - 1; printf "%d 0 1 %d\n", n + 1, n }' > stg_chain20000.stg

# SDF3
sdf() { # sdf NAME RATE_OUT RATE_IN TIME TOKENS
  p '<?xml version="1.0"?>\n<sdf3 type="sdf" version="1.0"><applicationGraph><sdf name="g" type="G">\n' > "$1"
  p '<actor name="a" type="A"><port name="o" type="out" rate="%s"/></actor>\n' "$2" >> "$1"
  p '<actor name="b" type="B"><port name="i" type="in" rate="%s"/></actor>\n' "$3" >> "$1"
  p '<channel name="ab" srcActor="a" srcPort="o" dstActor="b" dstPort="i" initialTokens="%s"/>\n</sdf>\n' "$5" >> "$1"
  p '<sdfProperties><actorProperties actor="a"><processor type="p" default="true"><executionTime time="%s"/></processor></actorProperties>\n' "$4" >> "$1"
  p '<actorProperties actor="b"><processor type="p" default="true"><executionTime time="1"/></processor></actorProperties></sdfProperties>\n' >> "$1"
  p '</applicationGraph></sdf3>\n' >> "$1"
}
sdf sdf_ok.xml 1 1 2 0
sdf sdf_rate0.xml 0 1 2 0; sdf sdf_rate_neg.xml -2 1 2 0; sdf sdf_rate_huge.xml 4294967291 4294967279 2 0
sdf sdf_rate_e400.xml 1e400 1 2 0; sdf sdf_time_nan.xml 1 1 nan 0; sdf sdf_time_neg.xml 1 1 -3 0
sdf sdf_time_e400.xml 1 1 1e400 0; sdf sdf_tokens_neg.xml 1 1 2 -1; sdf sdf_tokens_huge.xml 1 1 2 99999999999999999999
sdf sdf_rate_hex.xml 0x2 1 2 0; sdf sdf_rate_space.xml ' 2' 1 2 0
p '<?xml version="1.0"?>\n<!DOCTYPE sdf3 [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n<sdf3 type="sdf" version="1.0"><applicationGraph><sdf name="&x;" type="G"></sdf></applicationGraph></sdf3>\n' > sdf_xxe.xml
p '<?xml version="1.0"?>\n<sdf3 type="sdf" version="1.0"><applicationGraph><sdf name="g" type="G"></sdf></applicationGraph></sdf3>\n' > sdf_no_actors.xml
p '<?xml version="1.0"?>\n<foo/>\n' > sdf_wrong_root.xml
{ p '<?xml version="1.0"?>\n'; for i in $(seq 20000); do p '<a>'; done; } > sdf_deep.xml
sed 's/name="b" type="B"/name="a" type="B"/' sdf_ok.xml > sdf_dup_actor.xml
head -c 300 sdf_ok.xml > sdf_truncated.xml
sed 's/version="1.0"?>/version="1.0" encoding="EBCDIC-US"?>/' sdf_ok.xml > sdf_encoding.xml
p '<?xml version="1.0"?>\n<!DOCTYPE sdf3 [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;"><!ENTITY e "&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;"><!ENTITY f "&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;"><!ENTITY g "&f;&f;&f;&f;&f;&f;&f;&f;&f;&f;"><!ENTITY h "&g;&g;&g;&g;&g;&g;&g;&g;&g;&g;">]>\n<sdf3 type="sdf" version="1.0"><applicationGraph><sdf name="&h;" type="G"></sdf></applicationGraph></sdf3>\n' > sdf_laughs.xml

# FTA traces: event_id component_id node_id platform_id node_name event_type start stop end_reason
fta() { { p '# event_id component_id node_id platform_id node_name event_type event_start_time event_stop_time event_end_reason\n'; p "$2"; } > "fta_$1.tab"; }
fta neg_time '0\t0\t1\t3\tn1\t0\t-100\t200\tNULL\n'
fta e400 '0\t0\t1\t3\tn1\t0\t1e400\t200\tNULL\n'
fta nan '0\t0\t1\t3\tn1\t1\tnan\t200\t2\n'
fta stop_before '0\t0\t1\t3\tn1\t1\t500\t200\t2\n'
fta node_neg '0\t0\t-1\t3\tn1\t1\t100\t200\t2\n'
fta node_huge '0\t0\t18446744073709551616\t3\tn1\t1\t100\t200\t2\n'
fta type7 '0\t0\t1\t3\tn1\t7\t100\t200\t2\n'
fta all_null 'NULL\tNULL\tNULL\tNULL\tNULL\tNULL\tNULL\tNULL\tNULL\n'
fta ten_fields '0\t0\t1\t3\tn1\t1\t100\t200\t2\textra\n'
fta hex '0\t0\t0x1\t3\tn1\t1\t100\t200\t2\n'
fta unsorted '1\t0\t1\t3\tn1\t1\t900\t1000\t2\n0\t0\t1\t3\tn1\t1\t100\t200\t2\n'
fta overlap '0\t0\t1\t3\tn1\t1\t100\t900\t2\n1\t0\t1\t3\tn1\t1\t200\t300\t2\n'
fta huge_time '0\t0\t1\t3\tn1\t1\t1e300\t1e301\t2\n'
fta crlf '0\t0\t1\t3\tn1\t1\t100\t200\t2\r\n'
fta spaces '0 0 1 3 n1 1 100 200 2\n'

# Partitions of small.stg (5 tasks): "stages K" then "task stage" lines
part() { p "$2" > "part_$1.part"; }
part zero_stages 'stages 0\n'
part neg_stages 'stages -2\n1 1\n'
part huge_stages 'stages 99999999999\n1 1\n2 1\n3 1\n4 1\n5 1\n'
part stage0 'stages 2\n1 0\n2 1\n3 2\n4 2\n5 2\n'
part dup_task 'stages 2\n1 1\n1 1\n2 1\n3 2\n4 2\n5 2\n'
part unknown_task 'stages 2\n1 1\n2 1\n3 2\n4 2\n5 2\n99 2\n'
part task0 'stages 2\n0 1\n1 1\n2 1\n3 2\n4 2\n5 2\n'
part empty_stage 'stages 3\n1 1\n2 1\n3 3\n4 3\n5 3\n'
part backwards 'stages 2\n1 2\n2 2\n3 1\n4 1\n5 1\n'
part no_header '1 1\n2 1\n3 2\n4 2\n5 2\n'
part junk 'stages 2\n1 1 x\n2 1\n3 2\n4 2\n5 2\n'
part hex 'stages 0x2\n1 1\n2 1\n3 2\n4 2\n5 2\n'
part one_stage 'stages 1\n1 1\n2 1\n3 1\n4 1\n5 1\n'

# Result CSVs (for report and merge), from a real run of the tiny map scenario.
(cd "$D" && cp "$FX/bad/map.cfg" res.cfg && sed -i 's/out.csv/res.csv/' res.cfg && gridnoc run res.cfg --quiet >/dev/null 2>&1) || true
if [ -f res.csv ]; then
  rm -f res.csv.lock
  head -n 1 res.csv > csv_header_only.csv
  { head -n 1 res.csv; sed -n 2p res.csv | sed 's/,[^,]*$/,nan/'; } > csv_nan.csv
  { head -n 1 res.csv; sed -n 2p res.csv | awk -F, -v OFS=, '{ $(NF-1) = "1e400"; print }'; } > csv_e400.csv
  { head -n 1 res.csv; sed -n 2p res.csv; sed -n 2p res.csv | sed 's/^0,/0,x,/'; } > csv_extra_field.csv
  { head -n 1 res.csv; sed -n 2p res.csv | sed 's/^0,/-1,/'; } > csv_neg_run.csv
  { head -n 1 res.csv; sed -n 2p res.csv | sed 's/^0,/99999999999999999999,/'; } > csv_huge_run.csv
  { head -n 1 res.csv; sed -n 2p res.csv; sed -n 2p res.csv | sed 's/,2,/,3,/'; } > csv_conflict.csv
  { head -n 1 res.csv | sed 's/,/;/g'; sed -n 2p res.csv; } > csv_bad_header.csv
  { head -n 1 res.csv; p '"unterminated,quote\n'; } > csv_quote.csv
  sed 's/$/\r/' res.csv > csv_crlf.csv
  { head -n 1 res.csv; sed -n 2p res.csv | sed 's/,[^,]*$//' | tr -d '\n'; p ','; head -c 200000 /dev/zero | tr '\0' 7; p '\n'; } > csv_huge_field.csv
  head -c 150 res.csv > csv_truncated.csv
fi
rm -f res.csv.lock

# Scenarios: one hostile key at a time (c_NAME.cfg), kind map unless the case needs another.
sc() { p "$2" > "c_$1.cfg"; }
M='kind = "map";\n'
G='params = { graph = "gen:tasks=10"; stages = 2; };\n'
sc kind_num 'kind = 3;\n'"$G"
sc kind_empty 'kind = "";\n'"$G"
sc no_kind "$G"
sc output_empty "$M"'output = "";\n'"$G"
sc output_root "$M"'output = "/";\n'"$G"
sc output_dir "$M"'output = "h/dir";\n'"$G"
sc output_self "$M"'output = "h/c_output_self.cfg";\n'"$G"
sc output_devfull "$M"'output = "/dev/full";\n'"$G"
sc output_fifo "$M"'output = "h/fifo.csv";\n'"$G"
sc output_newline "$M"'output = "a\nb.csv";\n'"$G"
sc output_dotdot "$M"'output = "in/../o.csv";\n'"$G"
sc figures_empty "$M"'figures = "";\n'"$G"
sc seed_neg "$M"'seed = -1;\n'"$G"
sc seed_float "$M"'seed = 1.5;\n'"$G"
sc seed_string "$M"'seed = "1";\n'"$G"
sc seed_huge "$M"'seed = 99999999999999999999L;\n'"$G"
sc repeat_neg "$M"'repeat = -3;\n'"$G"
sc repeat_float "$M"'repeat = 2.0;\n'"$G"
sc repeat_big "$M"'repeat = 1000001;\n'"$G"
sc repeat_bool "$M"'repeat = true;\n'"$G"
sc params_list "$M"'params = [1, 2];\n'
sc params_empty "$M"'params = { };\n'
sc stages_list_empty "$M"'params = { graph = "gen:tasks=10"; stages = []; };\n'
sc stages_nested "$M"'params = { graph = "gen:tasks=10"; stages = [[2]]; };\n'
sc stages_group "$M"'params = { graph = "gen:tasks=10"; stages = { a = 2; }; };\n'
sc stages_mixed "$M"'params = { graph = "gen:tasks=10"; stages = (2, "three"); };\n'
sc stages_e400 "$M"'params = { graph = "gen:tasks=10"; stages = 1e400; };\n'
sc stages_float "$M"'params = { graph = "gen:tasks=10"; stages = 2.5; };\n'
sc comm_nan "$M"'params = { graph = "gen:tasks=10"; stages = 2; comm_factor = nan; };\n'
sc comm_neg "$M"'params = { graph = "gen:tasks=10"; stages = 2; comm_factor = -0.5; };\n'
sc comm_1e300 "$M"'params = { graph = "gen:tasks=10"; stages = 2; comm_factor = 1e300; };\n'
sc comm_minus_zero "$M"'params = { graph = "gen:tasks=10"; stages = 2; comm_factor = -0.0; };\n'
sc mapper_bad "$M"'params = { graph = "gen:tasks=10"; stages = 2; mapper = "../../bin/sh"; };\n'
sc graph_abs "$M"'params = { graph = "/etc/passwd"; stages = 2; };\n'
sc graph_dir "$M"'params = { graph = "h/dir"; stages = 2; };\n'
sc graph_fifo "$M"'params = { graph = "h/fifo.stg"; stages = 2; };\n'
sc graph_zero "$M"'params = { graph = "h/zero.stg"; stages = 2; };\n'
sc graph_gen_huge "$M"'params = { graph = "gen:tasks=99999999"; stages = 2; };\n'
sc graph_gen_e400 "$M"'params = { graph = "gen:tasks=10,ccr=1e400"; stages = 2; };\n'
sc dup_key "$M"'params = { graph = "gen:tasks=10"; stages = 2; stages = 3; };\n'
sc dup_top "$M$M""$G"
sc together_unknown "$M"'params = { graph = "gen:tasks=10"; stages = [2, 3]; };\ntogether = ( ["stages", "nosuch"] );\n'
sc together_unequal "$M"'params = { graph = "gen:tasks=10"; stages = [2, 3]; mapper = ["dpma", "dptaa", "chains"]; };\ntogether = ( ["stages", "mapper"] );\n'
sc together_twice "$M"'params = { graph = "gen:tasks=10"; stages = [2, 3]; mapper = ["dpma", "dptaa"]; };\ntogether = ( ["stages", "mapper"], ["mapper", "stages"] );\n'
sc together_scalar "$M"'params = { graph = "gen:tasks=10"; stages = 2; };\ntogether = ( ["stages"] );\n'
sc together_string "$M"'params = { graph = "gen:tasks=10"; stages = [2, 3]; };\ntogether = "stages";\n'
sc seed_ignores_unknown "$M""$G"'seed_ignores = ["nosuch"];\n'
sc seed_ignores_num "$M""$G"'seed_ignores = [3];\n'
sc files_none "$M"'params = { stages = 2; };\ngraphs = { files = ["nomatch*.stg"]; };\n'
sc files_unset "$M"'params = { stages = 2; };\ngraphs = { files = ["${GN_NO_SUCH_VAR}/*.stg"]; };\n'
sc files_everything "$M"'params = { stages = 2; };\ngraphs = { files = ["/*"]; };\n'
sc files_dir "$M"'params = { stages = 2; };\ngraphs = { files = ["dir*"]; };\n'
sc files_fifo "$M"'params = { stages = 2; };\ngraphs = { files = ["fifo.stg"]; };\n'
sc files_recursive_var "$M"'params = { stages = 2; };\ngraphs = { files = ["${GN_HOSTILE_SELF}"]; };\n'
sc gen_count0 "$M"'params = { stages = 2; };\ngraphs = { generate = { method = "sameprob"; tasks = 10; count = 0; }; };\n'
sc gen_count_neg "$M"'params = { stages = 2; };\ngraphs = { generate = { method = "sameprob"; tasks = 10; count = -5; }; };\n'
sc gen_count_big "$M"'params = { stages = 2; };\ngraphs = { generate = { method = "sameprob"; tasks = 10; count = 100001; }; };\n'
sc gen_no_method "$M"'params = { stages = 2; };\ngraphs = { generate = { tasks = 10; }; };\n'
sc gen_bad_key "$M"'params = { stages = 2; };\ngraphs = { generate = { method = "sameprob"; tasks = 10; colour = 3; }; };\n'
sc gen_tasks_list_empty "$M"'params = { stages = 2; };\ngraphs = { generate = { method = "sameprob"; tasks = []; }; };\n'
sc gen_seed_neg "$M"'params = { stages = 2; };\ngraphs = { generate = { method = "sameprob"; tasks = 10; seed = -1; }; };\n'
sc gen_prob_string "$M"'params = { stages = 2; };\ngraphs = { generate = { method = "sameprob"; tasks = 10; prob = "high"; }; };\n'
sc graphs_param_bad "$M"'params = { stages = 2; };\ngraphs = { param = "stages"; generate = { method = "sameprob"; tasks = 10; }; };\n'
sc graphs_both "$M"'params = { graph = "gen:tasks=10"; stages = 2; };\ngraphs = { generate = { method = "sameprob"; tasks = 10; }; };\n'
sc plots_name_slash "$M""$G"'plots = ( { name = "../evil"; type = "bars"; x = "stages"; y = "period"; } );\n'
sc plots_name_abs "$M""$G"'plots = ( { name = "/tmp/evil"; type = "bars"; x = "stages"; y = "period"; } );\n'
sc plots_name_empty "$M""$G"'plots = ( { name = ""; type = "bars"; x = "stages"; y = "period"; } );\n'
sc plots_type "$M""$G"'plots = ( { name = "p"; type = "pie"; x = "stages"; y = "period"; } );\n'
sc plots_y_unknown "$M""$G"'plots = ( { name = "p"; type = "bars"; x = "stages"; y = "nosuch"; } );\n'
sc plots_dup_name "$M""$G"'plots = ( { name = "p"; type = "bars"; x = "stages"; y = "period"; }, { name = "p"; type = "lines"; x = "stages"; y = "period"; } );\n'
sc plots_where_bad "$M""$G"'plots = ( { name = "p"; type = "bars"; x = "stages"; y = "period"; where = ["stages"]; } );\n'
sc plots_title_newline "$M""$G"'plots = ( { name = "p"; type = "bars"; x = "stages"; y = "period"; title = "a\\"\\nset output \\"/tmp/pwn"; } );\n'
sc plots_not_list "$M""$G"'plots = { name = "p"; };\n'
sc pictures_run_big "$M""$G"'pictures = ( { name = "q"; run = 99; } );\n'
sc pictures_run_neg "$M""$G"'pictures = ( { name = "q"; run = -1; } );\n'
sc pictures_draw_bad 'kind = "pipeline";\nparams = { graph = "gen:tasks=10"; stages = 2; chip = "3x3"; items = 20; };\npictures = ( { name = "q"; run = 0; draw = ["ring"]; } );\n'
sc slurm_newline "$M""$G"'slurm = { time = "01:00:00\\nrm -rf /"; };\n'
sc slurm_cpus_neg "$M""$G"'slurm = { cpus_per_task = -4; };\n'
sc slurm_unknown "$M""$G"'slurm = { colour = "red"; };\n'
sc simgrid_bad "$M""$G"'simgrid_cfg = ["bogus:1"];\n'
sc simgrid_nocolon "$M""$G"'simgrid_cfg = ["nocolon"];\n'
sc include_passwd '@include "/etc/passwd"\n'"$M""$G"
sc include_self '@include "c_include_self.cfg"\n'"$M""$G"
sc include_fifo '@include "fifo.cfg"\n'"$M""$G"
sc include_zero '@include "zero.cfg"\n'"$M""$G"
sc unknown_top "$M""$G"'colour = "red";\n'
{ p "$M"; p 'params = { graph = "gen:tasks=10"; stages = 2; };\n'; for i in $(seq 3000); do p 'g%d = {' "$i"; done; for i in $(seq 3000); do p '};'; done; p '\n'; } > c_deep.cfg
{ p "$M"; p 'description = "'; head -c 900000 /dev/zero | tr '\0' a; p '";\n'; p "$G"; } > c_long_string.cfg
sc pipeline_items 'kind = "pipeline";\nparams = { graph = "gen:tasks=10"; stages = 2; chip = "3x3"; items = 0; };\n'
sc pipeline_fail_bad 'kind = "pipeline";\nparams = { graph = "gen:tasks=10"; stages = 2; chip = "3x3"; items = 20; fail = "weibull:nan:1"; };\n'
sc pipeline_chip_huge 'kind = "pipeline";\nparams = { graph = "gen:tasks=10"; stages = 2; chip = "100000x100000"; items = 20; };\n'
sc pipeline_platform_and_chip 'kind = "pipeline";\nparams = { graph = "gen:tasks=10"; stages = 2; chip = "4x4"; platform = "fx/platforms/noc-2x2-yfirst.xml"; items = 20; };\n'
sc grid_nodes_neg 'kind = "grid";\nparams = { nodes = -1; };\n'
sc grid_speed_zero 'kind = "grid";\nparams = { preset = "uniform"; clusters = 2; nodes = 2; n = 40; iterations = 3; speed = 0.0; reference = false; };\n'
sc grid_l_order 'kind = "grid";\nparams = { preset = "uniform"; clusters = 2; nodes = 2; n = 40; iterations = 3; l1 = 0.9; l2 = 0.5; l3 = 0.1; reference = false; };\n'
sc grid_weights 'kind = "grid";\nparams = { preset = "uniform"; clusters = 2; nodes = 2; n = 40; iterations = 3; weights = "0,0,0"; reference = false; };\n'
sc grid_fta_fifo 'kind = "grid";\nparams = { preset = "uniform"; clusters = 2; nodes = 2; n = 40; iterations = 3; failures = "fta:h/fifo.tab"; reference = false; };\n'
sc grid_reference_string 'kind = "grid";\nparams = { reference = "maybe"; };\n'
sc bad_utf8 'kind = "map\xff\xfe";\n'"$G"
sc nul_inside "$M"'\0'"$G"
sc no_semicolon 'kind = "map"\nparams = { graph = "gen:tasks=10"; stages = 2 }\n'

# SimGrid platform files: a small valid one with one attribute made hostile each time.
pl() { # pl NAME HOST_ATTRS LINK_ATTRS [EXTRA]
  { p '<?xml version="1.0"?>\n<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">\n<platform version="4.1">\n'
    p '<zone id="z" routing="Full">\n<host id="a" %s/>\n<host id="b" speed="1Gf"/>\n' "$2"
    p '<link id="l" %s/>\n<route src="a" dst="b"><link_ctn id="l"/></route>\n%s</zone>\n</platform>\n' "$3" "${4:-}"
  } > "p_$1.xml"
}
OK_L='bandwidth="1GBps" latency="1us"'
pl ok 'speed="1Gf"' "$OK_L"
pl speed_neg 'speed="-1Gf"' "$OK_L"; pl speed_e400 'speed="1e400f"' "$OK_L"; pl speed_nan 'speed="nanf"' "$OK_L"
pl speed_inf 'speed="inff"' "$OK_L"; pl speed_hex 'speed="0x10Gf"' "$OK_L"; pl speed_unit 'speed="1Gbanana"' "$OK_L"
pl speed_empty 'speed=""' "$OK_L"; pl speed_list 'speed="1Gf,0f"' "$OK_L"; pl speed_tiny 'speed="1e-300f"' "$OK_L"
pl core0 'speed="1Gf" core="0"' "$OK_L"; pl core_neg 'speed="1Gf" core="-3"' "$OK_L"; pl core_huge 'speed="1Gf" core="99999999999"' "$OK_L"
pl bw_neg 'speed="1Gf"' 'bandwidth="-1GBps" latency="1us"'; pl bw_nan 'speed="1Gf"' 'bandwidth="nanBps" latency="1us"'
pl lat_neg 'speed="1Gf"' 'bandwidth="1GBps" latency="-1us"'; pl lat_e400 'speed="1Gf"' 'bandwidth="1GBps" latency="1e400s"'
pl lat_unit 'speed="1Gf"' 'bandwidth="1GBps" latency="1parsec"'
pl dup_host 'speed="1Gf"' "$OK_L" '<host id="a" speed="2Gf"/>\n'
pl avail_dir 'speed="1Gf" availability_file="h/dir"' "$OK_L"
pl avail_fifo 'speed="1Gf" availability_file="fifo.tab"' "$OK_L"
pl avail_zero 'speed="1Gf" availability_file="zero.csv"' "$OK_L"
pl avail_passwd 'speed="1Gf" availability_file="/etc/passwd"' "$OK_L"
pl state_missing 'speed="1Gf" state_file="nosuch.txt"' "$OK_L"
pl prop_role 'speed="1Gf"><prop id="gridnoc.role" value="emperor"/></host><host id="c" speed="1Gf"' "$OK_L"
pl prop_mem 'speed="1Gf"><prop id="mem" value="-5"/></host><host id="c" speed="1Gf"' "$OK_L"
pl route_self 'speed="1Gf"' "$OK_L" '<route src="a" dst="a"><link_ctn id="l"/></route>\n'
pl route_unknown_link 'speed="1Gf"' "$OK_L" '<route src="b" dst="a"><link_ctn id="nolink"/></route>\n'
clu() { # clu NAME RADICAL [SPEED] [CORE]
  p '<?xml version="1.0"?>\n<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">\n<platform version="4.1">\n<cluster id="c" prefix="n" suffix="" radical="%s" speed="%s" core="%s" bw="125MBps" lat="50us" bb_bw="2.25GBps" bb_lat="500us"/>\n</platform>\n' "$2" "${3:-1Gf}" "${4:-1}" > "k_$1.xml"
}
clu ok 0-3; clu empty ''; clu neg '-5-3'; clu letters 'a-b'; clu huge '0-99999999999999999999'; clu dup '0-3,2-5'
clu hex '0x0-0x3'; clu comma_only ','; clu open '0-'; clu spaces ' 0 - 3 '; clu e400 '0-1e400'; clu over_limit '0-250000'
clu speed_zero 0-3 0f; clu speed_neg 0-3 -1Gf; clu core_zero 0-3 1Gf 0; clu core_neg 0-3 1Gf -2
p '<?xml version="1.0"?>\n<!DOCTYPE platform [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n<platform version="4.1"><zone id="&x;" routing="Full"><host id="a" speed="1Gf"/></zone></platform>\n' > p_xxe.xml
p '<?xml version="1.0"?>\n<platform version="3"><zone id="z" routing="Full"><host id="a" speed="1Gf"/></zone></platform>\n' > p_version3.xml
p '<?xml version="1.0"?>\n<platform version="4.1"><zone id="z" routing="Full"></zone></platform>\n' > p_no_host.xml
p '<?xml version="1.0"?>\n<platform version="4.1"><zone id="z" routing="Teleport"><host id="a" speed="1Gf"/></zone></platform>\n' > p_routing.xml
{ p '<?xml version="1.0"?>\n<platform version="4.1">\n'; for i in $(seq 300); do p '<zone id="z%d" routing="Full">' "$i"; done; p '<host id="a" speed="1Gf"/>'; for i in $(seq 300); do p '</zone>'; done; p '\n</platform>\n'; } > p_deep_zones.xml
head -c 200 p_ok.xml > p_truncated.xml
# NoC platforms (pipeline --platform): hosts with x/y properties.
noc() { # noc NAME X_OF_SECOND Y_OF_SECOND
  p '<?xml version="1.0"?>\n<platform version="4.1"><zone id="chip" routing="Full">\n' > "n_$1.xml"
  p '<host id="c0" speed="1Gf"><prop id="x" value="0"/><prop id="y" value="0"/></host>\n' >> "n_$1.xml"
  p '<host id="c1" speed="1Gf"><prop id="x" value="%s"/><prop id="y" value="%s"/></host>\n' "$2" "$3" >> "n_$1.xml"
  p '<link id="l" bandwidth="8GBps" latency="3ns"/>\n<route src="c0" dst="c1"><link_ctn id="l"/></route>\n</zone></platform>\n' >> "n_$1.xml"
}
noc ok 1 0; noc x_neg -1 0; noc x_e400 1e400 0; noc x_nan nan 0; noc same 0 0; noc x_huge 99999999 0; noc y_frac 1 0.5
noc x_empty '' 0
sc plots_ok "$M""$G"'plots = ( { name = "p"; type = "bars"; x = "stages"; y = "period"; } );\n'
