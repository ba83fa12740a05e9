;; benches/string-copy.mjs's module: a JS string's code units copied into memory by WebAssembly's
;; JS String Builtins (wasm:js-string), to count against TextEncoder.encodeInto.
(module
  (type $units (array (mut i16)))
  (import "wasm:js-string" "length" (func $length (param externref) (result i32)))
  (import "wasm:js-string" "charCodeAt" (func $charCodeAt (param externref i32) (result i32)))
  (import "wasm:js-string" "intoCharCodeArray" (func $intoCharCodeArray (param externref (ref null $units) i32) (result i32)))
  (memory (export "memory") 4)
  (global $array (mut (ref null $units)) (ref.null $units))
  ;; Copies s's code units to memory from byte `at`, a byte each; returns the end, or -1 where one
  ;; is above 0x7F (not ASCII: the caller would fall back) or s is longer than 64 Ki units.
  (func $copy (param $s externref) (param $at i32) (result i32)
    (local $n i32) (local $i i32) (local $c i32) (local $any i32)
    (local.set $n (call $length (local.get $s)))
    (if (i32.gt_u (local.get $n) (i32.const 65536)) (then (return (i32.const -1))))
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $i) (local.get $n)))
        (local.set $c (call $charCodeAt (local.get $s) (local.get $i)))
        (i32.store8 (i32.add (local.get $at) (local.get $i)) (local.get $c))
        (local.set $any (i32.or (local.get $any) (local.get $c)))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $next)))
    (if (result i32) (i32.gt_u (local.get $any) (i32.const 0x7F))
      (then (i32.const -1)) (else (i32.add (local.get $at) (local.get $n)))))
  (func (export "charCodeAt") (param $s externref) (result i32)
    (call $copy (local.get $s) (i32.const 0)))
  ;; Two strings one after the other (an input and its base), without joining them first.
  (func (export "charCodeAtPair") (param $a externref) (param $b externref) (result i32)
    (local $end i32)
    (local.set $end (call $copy (local.get $a) (i32.const 0)))
    (if (i32.lt_s (local.get $end) (i32.const 0)) (then (return (i32.const -1))))
    (call $copy (local.get $b) (local.get $end)))
  ;; All of s's code units into a GC array by one call, then from there into memory.
  (func (export "intoCharCodeArray") (param $s externref) (result i32)
    (local $n i32) (local $i i32) (local $c i32) (local $any i32) (local $a (ref null $units))
    (local.set $n (call $length (local.get $s)))
    (if (i32.gt_u (local.get $n) (i32.const 65536)) (then (return (i32.const -1))))
    (local.set $a (global.get $array))
    (if (ref.is_null (local.get $a)) (then
      (local.set $a (array.new_default $units (i32.const 65536)))
      (global.set $array (local.get $a))))
    (drop (call $intoCharCodeArray (local.get $s) (local.get $a) (i32.const 0)))
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $i) (local.get $n)))
        (local.set $c (array.get_u $units (local.get $a) (local.get $i)))
        (i32.store8 (local.get $i) (local.get $c))
        (local.set $any (i32.or (local.get $any) (local.get $c)))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $next)))
    (if (result i32) (i32.gt_u (local.get $any) (i32.const 0x7F))
      (then (i32.const -1)) (else (local.get $n))))
  ;; The call alone: what any call of the wasm with the string costs.
  (func (export "length") (param $s externref) (result i32)
    (call $length (local.get $s)))
)
