import Foundation

/// The gallery's `index.html`: sections of images, each with a caption and the state and
/// options it was drawn with.
///
/// After the page loads, a small script records in `<pre id="image-status">` whether every
/// image loaded (`complete` and a natural width above 0), one line per image, so that a
/// headless browser's DOM dump tells `scripts/demo-check` which images failed.
struct GalleryPage {
  struct Image {
    /// The file name, relative to the page.
    var file: String
    /// What the image shows.
    var caption: String
    /// The state and options it was drawn with.
    var options: String
    /// Whether it is drawn in the dark theme, so it sits on a dark card.
    var isDark: Bool
    /// The size to show it at, in CSS pixels (its size in points).
    var width: Int
    var height: Int
  }

  struct Section {
    var title: String
    var summary: String
    var images: [Image] = []
  }

  var title: String
  var sections: [Section] = []

  func html() -> String {
    var page = """
      <!DOCTYPE html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <title>\(escape(title))</title>
      <style>
      body { font-family: system-ui, "DejaVu Sans", sans-serif; margin: 24px; background: #f2f2f7;
             color: #1c1c1e; }
      h1 { font-size: 24px; margin: 0 0 4px; }
      h2 { font-size: 19px; margin: 28px 0 4px; }
      p.summary { margin: 0 0 12px; max-width: 900px; color: #3c3c43; }
      .grid { display: flex; flex-wrap: wrap; gap: 16px; align-items: flex-start; }
      figure { margin: 0; padding: 12px; border-radius: 12px; background: #ffffff;
               box-shadow: 0 1px 3px rgba(0, 0, 0, 0.15); }
      figure.dark { background: #1c1c1e; color: #f2f2f7; }
      figure img { display: block; border-radius: 6px; }
      figcaption { margin-top: 8px; font-size: 14px; max-width: 420px; }
      figcaption code { display: block; margin-top: 4px; font-size: 12px; opacity: 0.75;
                        white-space: pre-wrap; }
      </style>
      </head>
      <body>
      <h1>\(escape(title))</h1>
      <p class="summary">Every image was drawn by <code>textreveal demo</code> with the TextReveal
      layout engine and the TextRaster renderer; PNGs are 2× unless noted, shown at their size in
      points.</p>

      """
    for section in sections {
      page += "<section>\n<h2>\(escape(section.title))</h2>\n"
      page += "<p class=\"summary\">\(escape(section.summary))</p>\n<div class=\"grid\">\n"
      for image in section.images {
        page += "<figure\(image.isDark ? " class=\"dark\"" : "")>"
        page += "<img src=\"\(escape(image.file))\" width=\"\(image.width)\""
        page += " height=\"\(image.height)\" alt=\"\(escape(image.caption))\">"
        page += "<figcaption>\(escape(image.caption))<code>\(escape(image.options))</code>"
        page += "</figcaption></figure>\n"
      }
      page += "</div>\n</section>\n"
    }
    page += """
      <pre id="image-status" hidden>pending</pre>
      <script>
      window.addEventListener("load", function () {
        var lines = [];
        var images = document.images;
        for (var index = 0; index < images.length; index++) {
          var image = images[index];
          var loaded = image.complete && image.naturalWidth > 0;
          lines.push((loaded ? "loaded " : "failed ") + image.getAttribute("src"));
        }
        document.getElementById("image-status").textContent =
          "images " + images.length + "\\n" + lines.join("\\n") + "\\nend";
      });
      </script>
      </body>
      </html>

      """
    return page
  }

  private func escape(_ text: String) -> String {
    var result = ""
    for character in text {
      switch character {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      default: result.append(character)
      }
    }
    return result
  }
}
