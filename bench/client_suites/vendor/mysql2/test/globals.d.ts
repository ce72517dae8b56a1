declare const Deno: {
  version: {
    deno: string;
  };
};

declare const Bun: {
  version: string;
};
