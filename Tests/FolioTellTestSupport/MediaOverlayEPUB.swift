import Foundation

/// An EPUB 3 with media overlays, made at test time following the EPUB 3 Media Overlays specification:
/// public-domain text (the opening of "The Wind in the Willows", Kenneth Grahame, 1908), its sentences
/// spoken by espeak-ng into one MP3, a SMIL 3.0 overlay of `par`s pointing at each sentence's `span` and
/// its clip, and a second chapter with no overlay (read by the voice).
public enum MediaOverlayEPUB {
  public static let title = "The River Bank"
  public static let sentences = [
    ("h1", "Chapter One: The River Bank"),
    ("s1", "The Mole had been working very hard all the morning, spring-cleaning his little home."),
    ("s2", "Spring was moving in the air above and in the earth below and around him."),
    ("s3", "It penetrated even his dark and lowly little house with its spirit of divine discontent and longing."),
  ]
  public static let unnarrated = "The second chapter has no narration. The box reads it with its own voice."

  /// The EPUB's path, and when each sentence starts in the narration (seconds).
  public static func make(storedAudio: Bool = true) throws -> (path: String, times: [Double]) {
    let work = NarrationFixtures.folder()
    var list = ""
    var times: [Double] = []
    var time = 0.0
    for (index, sentence) in sentences.enumerated() {
      let wav = work + "/\(index).wav"
      try NarrationFixtures.speech(sentence.1, to: wav)
      times.append(time)
      time += NarrationFixtures.duration(of: wav)
      list += "file '\(wav)'\n"
    }
    try list.write(toFile: work + "/list.txt", atomically: true, encoding: .utf8)
    try NarrationFixtures.run(
      "/usr/bin/ffmpeg",
      ["-nostdin", "-y", "-loglevel", "error", "-f", "concat", "-safe", "0", "-i", work + "/list.txt", work + "/all.wav"])
    try NarrationFixtures.run("/usr/bin/lame", ["--quiet", "-b", "64", work + "/all.wav", work + "/chapter1.mp3"])
    let audio = try [UInt8](Data(contentsOf: URL(fileURLWithPath: work + "/chapter1.mp3")))

    func clock(_ seconds: Double) -> String { String(format: "0:00:%06.3f", seconds) }
    var pars = ""
    for (index, sentence) in sentences.enumerated() {
      let end = index + 1 < times.count ? times[index + 1] : time
      pars += """
        <par id="par\(index)"><text src="../chapter1.xhtml#\(sentence.0)"/>\
        <audio src="../audio/chapter1.mp3" clipBegin="\(clock(times[index]))" clipEnd="\(clock(end))"/></par>

        """
    }
    let smil = """
      <?xml version="1.0" encoding="UTF-8"?>
      <smil xmlns="http://www.w3.org/ns/SMIL" xmlns:epub="http://www.idpf.org/2007/ops" version="3.0">
      <body><seq id="seq1" epub:textref="../chapter1.xhtml" epub:type="bodymatter chapter">
      \(pars)</seq></body></smil>
      """
    let chapter1 = """
      <?xml version="1.0" encoding="UTF-8"?>
      <html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" lang="en"><head><title>One</title></head>
      <body><section><h1 id="h1">\(sentences[0].1)</h1>
      <p><span id="s1">\(sentences[1].1)</span> <span id="s2">\(sentences[2].1)</span> <span id="s3">\(sentences[3].1)</span></p>
      </section></body></html>
      """
    let chapter2 = """
      <?xml version="1.0" encoding="UTF-8"?>
      <html xmlns="http://www.w3.org/1999/xhtml" lang="en"><head><title>Two</title></head>
      <body><h1 id="c2">Chapter Two</h1><p>\(unnarrated)</p></body></html>
      """
    let nav = """
      <?xml version="1.0" encoding="UTF-8"?>
      <html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"><head><title>Contents</title></head>
      <body><nav epub:type="toc"><ol><li><a href="chapter1.xhtml#h1">Chapter One: The River Bank</a></li>
      <li><a href="chapter2.xhtml">Chapter Two</a></li></ol></nav></body></html>
      """
    let package = """
      <?xml version="1.0" encoding="UTF-8"?>
      <package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id">
      <metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="id">urn:uuid:0f7c5b3e-1111-4000-8000-000000000003</dc:identifier>
      <dc:title>\(title)</dc:title><dc:creator>Kenneth Grahame</dc:creator><dc:language>en</dc:language>
      <meta property="dcterms:modified">2026-12-01T00:00:00Z</meta>
      <meta property="media:duration" refines="#chapter1_overlay">\(clock(time))</meta>
      <meta property="media:duration">\(clock(time))</meta>
      <meta property="media:active-class">-epub-media-overlay-active</meta></metadata>
      <manifest>
      <item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
      <item id="chapter1" href="chapter1.xhtml" media-type="application/xhtml+xml" media-overlay="chapter1_overlay"/>
      <item id="chapter1_overlay" href="smil/chapter1.smil" media-type="application/smil+xml"/>
      <item id="chapter1_audio" href="audio/chapter1.mp3" media-type="audio/mpeg"/>
      <item id="chapter2" href="chapter2.xhtml" media-type="application/xhtml+xml"/>
      </manifest>
      <spine><itemref idref="chapter1"/><itemref idref="chapter2"/></spine></package>
      """
    var zip = ZipWriter()
    zip.add("mimetype", "application/epub+zip", deflate: false)
    zip.add(
      "META-INF/container.xml",
      #"<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="OEBPS/package.opf" media-type="application/oebps-package+xml"/></rootfiles></container>"#)
    zip.add("OEBPS/package.opf", package)
    zip.add("OEBPS/nav.xhtml", nav)
    zip.add("OEBPS/chapter1.xhtml", chapter1)
    zip.add("OEBPS/chapter2.xhtml", chapter2)
    zip.add("OEBPS/smil/chapter1.smil", smil)
    zip.add("OEBPS/audio/chapter1.mp3", bytes: audio, deflate: !storedAudio)
    let path = work + "/river-bank.epub"
    FileManager.default.createFile(atPath: path, contents: Data(zip.bytes))
    return (path, times)
  }
}
