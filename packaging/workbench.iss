; Inno Setup script: Windows installer for the one-folder bundle.
; Build the bundle first (python packaging\build.py), then compile this file
; with Inno Setup 6.3 or newer (python packaging\build.py --archive runs
; ISCC.exe /DAppVersion=<version> packaging\workbench.iss). Output: dist\release\.

#define AppName "Retrieval Workbench"
#define AppNameKo "검색 평가 워크벤치"
#ifndef AppVersion
  #define AppVersion "0.0.0"
#endif
#define AppExe "workbench.exe"

[Setup]
AppId={{6E2C7A53-3B7E-4C1B-9D0E-5B2F3A7C8D11}
AppName={#AppName}
AppVersion={#AppVersion}
DefaultDirName={autopf}\{#AppName}
DefaultGroupName={#AppName}
OutputDir=..\dist\release
OutputBaseFilename=RetrievalWorkbench-{#AppVersion}-setup
SetupIconFile=..\resources\icons\app.ico
UninstallDisplayIcon={app}\{#AppExe}
Compression=lzma2
SolidCompression=yes
WizardStyle=modern
PrivilegesRequired=lowest
PrivilegesRequiredOverridesAllowed=dialog
ChangesAssociations=yes
; generated at build time from what the bundle contains
LicenseFile=..\dist\workbench\_internal\LICENSES

[Languages]
Name: "korean"; MessagesFile: "compiler:Languages\Korean.isl"
Name: "english"; MessagesFile: "compiler:Default.isl"

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"

[Files]
Source: "..\dist\workbench\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{group}\{#AppNameKo}"; Filename: "{app}\{#AppExe}"
Name: "{group}\{#AppNameKo} (데모)"; Filename: "{app}\{#AppExe}"; Parameters: "--demo"
Name: "{group}\{cm:UninstallProgram,{#AppName}}"; Filename: "{uninstallexe}"
Name: "{autodesktop}\{#AppNameKo}"; Filename: "{app}\{#AppExe}"; Tasks: desktopicon

[Registry]
; double-clicking a project file (.wbproj) opens it in the workbench
Root: HKA; Subkey: "Software\Classes\.wbproj"; ValueType: string; ValueName: ""; ValueData: "RetrievalWorkbench.Project"; Flags: uninsdeletevalue
Root: HKA; Subkey: "Software\Classes\RetrievalWorkbench.Project"; ValueType: string; ValueName: ""; ValueData: "{#AppNameKo} 프로젝트"; Flags: uninsdeletekey
Root: HKA; Subkey: "Software\Classes\RetrievalWorkbench.Project\DefaultIcon"; ValueType: string; ValueName: ""; ValueData: "{app}\{#AppExe},0"
Root: HKA; Subkey: "Software\Classes\RetrievalWorkbench.Project\shell\open\command"; ValueType: string; ValueName: ""; ValueData: """{app}\{#AppExe}"" ""%1"""

[Run]
Filename: "{app}\{#AppExe}"; Description: "{cm:LaunchProgram,{#AppNameKo}}"; Flags: nowait postinstall skipifsilent
