import FolioTellCore
import FolioTellViews
import FolioTellDisplayPipeline
import FolioTellRuntime
import FolioTellSystem
import FoundationEssentials
import Glibc
import Synchronization

/// The display on the virtual platform: after every step, the screen the views draw for the new state at
/// its virtual moment, written as the next PNG when it changed (`frame-000001.png`, ...), with
/// `frames.txt` giving each frame's virtual time. `foliotell replay --display png:DIR` draws a trace's
/// frames the same way. Drawn on the driver's thread, in order, so the same
/// script gives the same frames.
public final class VirtualFrames: Sendable {
  /// Used only under `shown`'s lock.
  private nonisolated(unsafe) let output: PNGFolderOutput
  private let views: Views
  private let settings: DisplaySettings
  private let folder: String
  private struct Shown {
    var screen: Screen?
    var power: DisplayState.Power?
    var count = 0
    var index = ""
  }
  private let shown = Mutex(Shown())

  public static func make(_ setup: DisplaySetup, report: @Sendable (String) -> Void) throws(ApplianceError)
    -> VirtualFrames?
  {
    guard case .png(let folder) = setup.output else {
      if setup.output != .none { report("on the virtual clock the display can only be png:FOLDER; it is off") }
      return nil
    }
    let typeface: FreeTypeFace
    do { typeface = try FreeTypeFace(paths: setup.fonts) } catch { throw .display("the display is off: \(error)") }
    let output: PNGFolderOutput
    do { output = try PNGFolderOutput(folder: folder) } catch { throw .display("\(error)") }
    return VirtualFrames(
      output: output,
      views: Views(width: setup.panel.width, height: setup.panel.height, typeface: typeface, sizes: setup.sizes),
      settings: setup.settings, folder: folder)
  }

  private init(output: PNGFolderOutput, views: Views, settings: DisplaySettings, folder: String) {
    self.output = output
    self.views = views
    self.settings = settings
    self.folder = folder
  }

  public func stepped(_ step: BoxStep) { show(step.after, at: step.time) }

  /// The state's screen, as the frame at `time` when it changed (dimming and the status's end are steps
  /// of their own, on the reducer's timers).
  public func show(_ state: BoxState, at time: Double) {
    let display = DisplayState(state.display, settings: settings)
    let screen = ScreenModel.screen(for: state, display: display, title: state.book.title)
    shown.withLock { shown in
      guard shown.screen != screen || shown.power != display.power else { return }
      shown.screen = screen
      shown.power = display.power
      if (try? output.show(views.render(screen), power: display.power)) ?? 0 > 0 {
        shown.count += 1
        shown.index += String(printf: "frame-%06ld.png %.3f\n", shown.count, time)
      }
    }
  }

  /// Writes `frames.txt`: each frame's file and virtual time.
  public func finish() {
    let index = shown.withLock { $0.index }
    FileManager.default.createFile(atPath: folder + "/frames.txt", contents: Data(index.utf8))
  }
}
