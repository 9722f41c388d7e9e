import FolioTellConfig
import FolioTellDisplay
import FolioTellInput
import FolioTellPanel
import FolioTellRuntime
import Foundation

/// Starts the display the board, config and `--display` ask for; nil when there is none.
enum DisplayStart {
  static func pipeline(board: String?, config: String?, spec: String?, runtime: ReaderRuntime) -> DisplayPipeline? {
    var setup: DisplaySetup
    do {
      var files: [String] = []
      if let board { files.append(try InputSetup.boardPath(named: board)) }
      if let config { files.append(config) }
      setup = try DisplaySetup.load(files: files)
      if let spec { try setup.apply(commandLine: spec) }
    } catch {
      fail(error.description)
    }
    let output: any FrameOutput
    switch setup.output {
    case .none: return nil
    case .terminal: output = TerminalOutput()
    case .png(let folder):
      do { output = try PNGFolderOutput(folder: folder) } catch { fail(error.description, status: 1) }
    case .panel(let config):
      output = OLEDPanel(config: config, transport: ReopeningI2CBus(bus: config.bus, address: config.address))
    }
    let typeface: FreeTypeFace
    do {
      typeface = try FreeTypeFace(paths: setup.fonts)
    } catch {
      // Reading goes on without the display.
      FileHandle.standardError.write(Data("foliotell: the display is off: \(error)\n".utf8))
      return nil
    }
    // Snapshots and the terminal show the panel the config describes (a 128x32 module too).
    let width = setup.panel.width
    let height = setup.panel.height
    let pipeline = DisplayPipeline(
      output: output, views: Views(width: width, height: height, typeface: typeface, sizes: setup.sizes),
      settings: setup.settings, now: { runtime.clock.now() },
      report: { FileHandle.standardError.write(Data("foliotell: \($0)\n".utf8)) })
    runtime.observe { pipeline.readerChanged($0.after) }
    pipeline.start()
    return pipeline
  }
}
