;; The join of the inlined wasm modules' code sections (js/code-join.js, `joined`): the build
;; writes each module with its code section as streams (scripts/code-streams.mjs, `split`), which
;; LZMA packs about a tenth smaller; this gives the module back, byte for byte (scripts/build.mjs
;; checks it on every module it inlines). By hand in WebAssembly 1.0, 1 KB, merged into the decoder's
;; module (scripts/build.mjs), whose memory it shares: one module compiled at start, not two (each
;; synchronous compile costs Chromium about 0.2 ms and more before any work). In V8's baseline
;; compiler, Liftoff, which runs it at start, the join of the url wasm takes 2.6 M instructions where
;; one in Rust took 11.9 M (README, "Download size"). The hot loop keeps its cursors in locals and
;; copies an immediate in place.
;;
;; Its input, where the decoder wrote it (the instance that decoded the streams joins them, into
;; the room after its stream: js/inline-wasm.js's `lzmaStream`): the header of
;; scripts/code-streams.mjs (the module's length without the code section, where the section was,
;; its size, the lengths of streams 0 to 2), the module without the section, then the streams: 0
;; the instructions with the immediates that stay with them, 1 the local indices, 2 a memarg's
;; offsets, 3 the branch depths. A corrupt input gives other bytes, or traps reading or writing
;; past the memory: every loop moves a cursor on, and every write is after the input.
(module
  ;; The decoder's memory, whose first 256 bytes are the bottom of its 64 KB stack (build.rs), which
  ;; it does not reach (it keeps its state in a static, above the stack).
  (import "decoder" "memory" (memory 1))
  ;; Each opcode's kind, scripts/code-streams.mjs's KINDS (the build writes them in here).
  (data (i32.const 0) "KINDS")
  ;; Where `$leb` stopped reading and writing.
  (global $read (mut i32) (i32.const 0))
  (global $written (mut i32) (i32.const 0))

  ;; Copies the LEB128 number at $from to $to: its value.
  (func $leb (param $from i32) (param $to i32) (result i32)
    (local $x i32) (local $shift i32) (local $value i32)
    (loop $byte
      (i32.store8 (local.get $to) (local.tee $x (i32.load8_u (local.get $from))))
      (local.set $value
        (i32.or (local.get $value) (i32.shl (i32.and (local.get $x) (i32.const 127)) (local.get $shift))))
      (local.set $shift (i32.add (local.get $shift) (i32.const 7)))
      (local.set $from (i32.add (local.get $from) (i32.const 1)))
      (local.set $to (i32.add (local.get $to) (i32.const 1)))
      (br_if $byte (i32.and (local.get $x) (i32.const 128))))
    (global.set $read (local.get $from))
    (global.set $written (local.get $to))
    (local.get $value))

  ;; Writes $n as LEB128 at $to: where it ends.
  (func $uleb (param $n i32) (param $to i32) (result i32)
    (local $more i32)
    (loop $byte
      (i32.store8 (local.get $to)
        (i32.or (i32.and (local.get $n) (i32.const 127))
          (i32.shl (local.tee $more (i32.gt_u (local.get $n) (i32.const 127))) (i32.const 7))))
      (local.set $to (i32.add (local.get $to) (i32.const 1)))
      (local.set $n (i32.shr_u (local.get $n) (i32.const 7)))
      (br_if $byte (local.get $more)))
    (local.get $to))

  ;; Copies the bytes from $from to $end to $to, where they may overlap if $to is below $from: where
  ;; they end. Eight at a time (callgrind, Liftoff, the url wasm: 2.83 M instructions four at a
  ;; time, 2.58 M), reading and writing up to 7 bytes past the ends.
  (func $move (param $from i32) (param $end i32) (param $to i32) (result i32)
    (local $result i32)
    (local.set $result (i32.add (local.get $to) (i32.sub (local.get $end) (local.get $from))))
    (block $done
      (loop $word
        (br_if $done (i32.ge_u (local.get $from) (local.get $end)))
        (i64.store (local.get $to) (i64.load (local.get $from)))
        (local.set $from (i32.add (local.get $from) (i32.const 8)))
        (local.set $to (i32.add (local.get $to) (i32.const 8)))
        (br $word)))
    (local.get $result))

  ;; The module from the input at $in, written at $out (after the input): where it ends.
  (func (export "join") (param $in i32) (param $out i32) (result i32)
    (local $p0 i32) (local $p1 i32) (local $p2 i32) (local $p3 i32) (local $o i32) (local $x i32)
    (local $n i32) (local $depth i32) (local $body i32) (local $functions i32) (local $rest i32)
    (local $at i32)
    ;; The header, read through the output, which the module then overwrites.
    (local.set $rest (call $leb (local.get $in) (local.get $out)))
    (local.set $at (call $leb (global.get $read) (local.get $out)))
    (local.set $n (call $leb (global.get $read) (local.get $out)))
    (local.set $p1 (call $leb (global.get $read) (local.get $out)))
    (local.set $p2 (call $leb (global.get $read) (local.get $out)))
    (local.set $p3 (call $leb (global.get $read) (local.get $out)))
    (local.set $in (global.get $read))
    (local.set $p0 (i32.add (local.get $in) (local.get $rest)))
    (local.set $p1 (i32.add (local.get $p0) (local.get $p1)))
    (local.set $p2 (i32.add (local.get $p1) (local.get $p2)))
    (local.set $p3 (i32.add (local.get $p2) (local.get $p3)))
    ;; The module up to the code section, the section's id and size, its count of functions.
    (local.set $o (call $move (local.get $in) (i32.add (local.get $in) (local.get $at)) (local.get $out)))
    (i32.store8 (local.get $o) (i32.const 10))
    (local.set $functions
      (call $leb (local.get $p0) (call $uleb (local.get $n) (i32.add (local.get $o) (i32.const 1)))))
    (local.set $p0 (global.get $read))
    (local.set $o (global.get $written))
    (block $functions_done
      (loop $function
        (br_if $functions_done (i32.eqz (local.get $functions)))
        (local.set $functions (i32.sub (local.get $functions) (i32.const 1)))
        ;; The body after 5 bytes, where its size goes when it is known: its locals, as groups of a
        ;; count and a type.
        (local.set $body (local.get $o))
        (local.set $n
          (i32.shl (call $leb (local.get $p0) (i32.add (local.get $body) (i32.const 5))) (i32.const 1)))
        (local.set $p0 (global.get $read))
        (local.set $o (global.get $written))
        (block $locals_done
          (loop $locals
            (br_if $locals_done (i32.eqz (local.get $n)))
            (drop (call $leb (local.get $p0) (local.get $o)))
            (local.set $p0 (global.get $read))
            (local.set $o (global.get $written))
            (local.set $n (i32.sub (local.get $n) (i32.const 1)))
            (br $locals)))
        (local.set $depth (i32.const 0))
        (block $body_done
          (loop $instruction
            (i32.store8 (local.get $o) (local.tee $x (i32.load8_u (local.get $p0))))
            (local.set $o (i32.add (local.get $o) (i32.const 1)))
            (local.set $p0 (i32.add (local.get $p0) (i32.const 1)))
            (block $prefix
              (block $br_table
                (block $call_indirect
                  (block $end
                    (block $block
                      (block $memarg
                        (block $branch
                          (block $local
                            (block $index
                              (br_table $instruction $index $local $branch $memarg $block $end
                                $call_indirect $br_table $prefix $instruction
                                (i32.load8_u (local.get $x))))
                            ;; An immediate of the instructions' stream.
                            (loop $byte
                              (i32.store8 (local.get $o) (local.tee $x (i32.load8_u (local.get $p0))))
                              (local.set $o (i32.add (local.get $o) (i32.const 1)))
                              (local.set $p0 (i32.add (local.get $p0) (i32.const 1)))
                              (br_if $byte (i32.and (local.get $x) (i32.const 128))))
                            (br $instruction))
                          ;; A local index.
                          (loop $byte
                            (i32.store8 (local.get $o) (local.tee $x (i32.load8_u (local.get $p1))))
                            (local.set $o (i32.add (local.get $o) (i32.const 1)))
                            (local.set $p1 (i32.add (local.get $p1) (i32.const 1)))
                            (br_if $byte (i32.and (local.get $x) (i32.const 128))))
                          (br $instruction))
                        ;; A branch depth.
                        (loop $byte
                          (i32.store8 (local.get $o) (local.tee $x (i32.load8_u (local.get $p3))))
                          (local.set $o (i32.add (local.get $o) (i32.const 1)))
                          (local.set $p3 (i32.add (local.get $p3) (i32.const 1)))
                          (br_if $byte (i32.and (local.get $x) (i32.const 128))))
                        (br $instruction))
                      ;; A memarg: its alignment, then its offset.
                      (loop $byte
                        (i32.store8 (local.get $o) (local.tee $x (i32.load8_u (local.get $p0))))
                        (local.set $o (i32.add (local.get $o) (i32.const 1)))
                        (local.set $p0 (i32.add (local.get $p0) (i32.const 1)))
                        (br_if $byte (i32.and (local.get $x) (i32.const 128))))
                      (loop $byte
                        (i32.store8 (local.get $o) (local.tee $x (i32.load8_u (local.get $p2))))
                        (local.set $o (i32.add (local.get $o) (i32.const 1)))
                        (local.set $p2 (i32.add (local.get $p2) (i32.const 1)))
                        (br_if $byte (i32.and (local.get $x) (i32.const 128))))
                      (br $instruction))
                    ;; A block, a loop or an if: its type.
                    (local.set $depth (i32.add (local.get $depth) (i32.const 1)))
                    (loop $byte
                      (i32.store8 (local.get $o) (local.tee $x (i32.load8_u (local.get $p0))))
                      (local.set $o (i32.add (local.get $o) (i32.const 1)))
                      (local.set $p0 (i32.add (local.get $p0) (i32.const 1)))
                      (br_if $byte (i32.and (local.get $x) (i32.const 128))))
                    (br $instruction))
                  ;; An end: the body's at its first level.
                  (br_if $body_done (i32.eqz (local.get $depth)))
                  (local.set $depth (i32.sub (local.get $depth) (i32.const 1)))
                  (br $instruction))
                ;; call_indirect: a type and a table.
                (local.set $n (i32.const 2))
                (br $prefix))
              ;; br_table: a count of depths, then one more depth than it says.
              (local.set $n (i32.add (call $leb (local.get $p3) (local.get $o)) (i32.const 1)))
              (local.set $o (global.get $written))
              (loop $depths
                (drop (call $leb (global.get $read) (local.get $o)))
                (local.set $o (global.get $written))
                (br_if $depths (local.tee $n (i32.sub (local.get $n) (i32.const 1)))))
              (local.set $p3 (global.get $read))
              (br $instruction))
            ;; 0xfc, or call_indirect's $n: a sub-opcode, then 0, 1 or 2 indices (`prefixIndices`).
            (if (i32.ne (local.get $x) (i32.const 0x11))
              (then
                (local.set $x (call $leb (local.get $p0) (local.get $o)))
                (local.set $p0 (global.get $read))
                (local.set $o (global.get $written))
                (local.set $n
                  (select (i32.const 0)
                    (select (i32.const 2) (i32.const 1)
                      (i32.and (i32.eqz (i32.and (local.get $x) (i32.const 1))) (i32.le_u (local.get $x) (i32.const 14))))
                    (i32.lt_u (local.get $x) (i32.const 8))))))
            (block $indices_done
              (loop $indices
                (br_if $indices_done (i32.eqz (local.get $n)))
                (drop (call $leb (local.get $p0) (local.get $o)))
                (local.set $p0 (global.get $read))
                (local.set $o (global.get $written))
                (local.set $n (i32.sub (local.get $n) (i32.const 1)))
                (br $indices)))
            (br $instruction)))
        ;; The body's size, and the body moved down to after it.
        (local.set $o
          (call $move (i32.add (local.get $body) (i32.const 5)) (local.get $o)
            (call $uleb (i32.sub (local.get $o) (i32.add (local.get $body) (i32.const 5))) (local.get $body))))
        (br $function)))
    ;; The module after the code section.
    (call $move (i32.add (local.get $in) (local.get $at)) (i32.add (local.get $in) (local.get $rest)) (local.get $o))))
