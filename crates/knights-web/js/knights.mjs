// The loader of the knights-web WebAssembly module: strings in and out through its
// linear memory, one function per export. It runs in a browser (a page or a Web Worker)
// and in Node alike: give it the module's bytes, or the module compiled
// (WebAssembly.compileStreaming, as the explore page does while its worker starts).
//
//   const k = await Knights.load(bytes);
//   k.build("board=46x38&algo=besa");       // "closed tour of the 46x38 board ... (1748 cells)"
//   k.svg("show=turns,crossings");          // the SVG `knights render` writes
//   k.metrics(); k.json();
//
// A request the module refuses throws a KnightsRefusal whose message is the command
// line's one-line reason.

export class KnightsRefusal extends Error {}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export class Knights {
  static async load(source) {
    if (source instanceof WebAssembly.Module) {
      return new Knights((await WebAssembly.instantiate(source, {})).exports);
    }
    const { instance } = await WebAssembly.instantiate(source, {});
    return new Knights(instance.exports);
  }

  constructor(exports) {
    this.x = exports;
  }

  // Calls `name` with `text` written into the module's memory, or with no argument.
  call(name, text) {
    let code;
    if (text === undefined) {
      code = this.x[name]();
    } else {
      const bytes = encoder.encode(text);
      const ptr = this.x.knights_alloc(bytes.length);
      new Uint8Array(this.x.memory.buffer, ptr, bytes.length).set(bytes);
      try {
        code = this.x[name](ptr, bytes.length);
      } finally {
        this.x.knights_free(ptr, bytes.length);
      }
    }
    const out = new Uint8Array(
      this.x.memory.buffer,
      this.x.knights_out_ptr(),
      this.x.knights_out_len(),
    );
    const answer = decoder.decode(out);
    if (code !== 0) throw new KnightsRefusal(answer);
    return answer;
  }

  build(request) { return this.call("knights_build", request); }
  verify(tourFileText) { return this.call("knights_verify", tourFileText); }
  svg(request = "") { return this.call("knights_svg", request); }
  metrics() { return JSON.parse(this.call("knights_metrics")); }
  json() { return this.call("knights_json"); }
}
