/**
 * Compiles the codecs' WebAssembly once per process. The @jsquash glue would
 * fetch its .wasm beside itself, which Deno cannot do for a file: URL (the
 * glue takes Deno for Node, whose loader it leaves out), so the bytes are read
 * here and the glue is given a compiled module. The files are those of the
 * installed npm packages (deno.json `nodeModulesDir: "auto"`), so nothing is
 * fetched from the network and no native addon is involved: it runs the same
 * under `deno run`, the test runner and Deno Deploy.
 */
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";

const compiled = new Map<string, Promise<WebAssembly.Module>>();

/** Where a package file lives: Deno's own resolver, else Node's (the test runner has no import.meta.resolve). */
function locate(specifier: string): URL {
  try {
    const url = new URL(import.meta.resolve(specifier));
    if (url.protocol === "file:") return url;
  } catch {
    // Not available here; fall through.
  }
  return pathToFileURL(createRequire(import.meta.url).resolve(specifier));
}

/** The compiled module for a package's .wasm file, e.g. "@jsquash/jpeg/codec/dec/mozjpeg_dec.wasm". */
export function wasmModule(specifier: string): Promise<WebAssembly.Module> {
  let module = compiled.get(specifier);
  if (!module) {
    module = Deno.readFile(locate(specifier)).then((bytes) => WebAssembly.compile(bytes));
    // A failed load is tried again on the next call rather than remembered.
    module.catch(() => compiled.delete(specifier));
    compiled.set(specifier, module);
  }
  return module;
}
