// One `import TextReveal` is enough for the common path: the styled text, the engine's types
// and the text stack that makes an engine come with the components. The models themselves use
// TextLayout only; TextShaping is re-exported for `TextStack`.
@_exported import TextLayout
@_exported import TextShaping
